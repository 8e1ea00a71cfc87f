import os

import pytest

import hukum
from conftest import BUNDLED


def test_every_bundled_game_loads_by_name():
    assert {"mendikot", "hearts", "bridge", "scopa", "chinese-ten"} <= set(BUNDLED)
    for name in BUNDLED:
        game = hukum.load(name)
        assert game.num_seats == len(game.seat_names) >= 2
        assert len(game.team_of) == game.num_seats
        assert game.num_distinct_actions >= len(game.cards)
        assert game.observation_size > 0


def test_options_are_applied_and_reported():
    game = hukum.load("mendikot", options={"trump_method": "cut_hukum"})
    assert game.options["trump_method"] == "cut_hukum"
    with pytest.raises(ValueError, match="trump_method"):
        hukum.load("mendikot", options={"trump_method": "no_such_method"})


def test_a_house_rule_and_a_path_load_too():
    names = hukum.games()
    variant = next(n for n in names if n.startswith("mendikot/"))
    assert hukum.load(variant).name
    assert hukum.load(names["hearts"]).name == hukum.load("hearts").name


def test_an_unknown_name_says_what_exists():
    with pytest.raises(ValueError, match="no file or game named 'mendikott'.*mendikot"):
        hukum.load("mendikott")


def test_a_broken_ruleset_names_file_line_and_key(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\nseats: 4\ndeck:\n  suits: [S, H]\n  ranks: 7\n")
    with pytest.raises(ValueError) as err:
        hukum.load(str(bad))
    text = str(err.value)
    assert "bad.yaml:5" in text and "ranks" in text


def test_action_ids_have_meanings():
    game = hukum.load("bridge")
    meanings = [game.action_meaning(i) for i in range(game.num_distinct_actions)]
    assert meanings[0].startswith("card ")
    assert "pass" in meanings and "word double" in meanings and "word 7nt" in meanings
    # Only the blocks the ruleset can use: 52 cards, pass, accept and 37 calls (OpenSpiel's
    # bridge has 90: 52 cards and 38 calls, pass, double, redouble and the 35 bids).
    assert game.num_distinct_actions == 52 + 2 + 37
    assert not any(m.startswith(("meld", "name", "declare")) for m in meanings)
    with pytest.raises(IndexError):
        game.action_meaning(game.num_distinct_actions)
    skat = hukum.load("skat")
    said = [skat.action_meaning(i) for i in range(skat.num_distinct_actions)]
    assert "say 18" in said and "say 20" in said and "say 19" not in said
