"""The module under test is the build tree's (ctest sets PYTHONPATH to
<build>/python and HUKUM_BIN to the hukum command built beside it)."""
import os

import pytest

import hukum

BUNDLED = sorted(n for n in hukum.games() if "/" not in n)


@pytest.fixture(scope="session")
def hukum_bin():
    path = os.environ.get("HUKUM_BIN")
    if not path:
        pytest.skip("HUKUM_BIN is not set")
    return path
