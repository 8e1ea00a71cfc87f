"""hukum: card games written as data, driven from Python.

    import hukum
    game = hukum.load("mendikot", options={"trump_method": "cut_hukum"})
    state = game.new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

See docs/python.md for the whole API: games, states (legal actions as ids and
as words, clone, resample, observations as dicts and arrays), the
environment classes and the built-in bots.
"""
import difflib
import os

from . import _hukum, _paths
from ._hukum import Batch, Bot, State
from .env import AECEnv, BatchEnv

__all__ = ["load", "games", "library_path", "bot", "Game", "State", "Bot", "Batch", "AECEnv", "BatchEnv"]


def library_path(lib_paths=()):
    """The folders searched for games by name, in order: HUKUM_PATH (':'
    separated), `lib_paths`, then the bundled library (as `hukum list`)."""
    out = [d for d in os.environ.get("HUKUM_PATH", "").split(":") if d]
    out += [str(d) for d in lib_paths if d]
    bundled = _paths.LIBRARY
    if _paths.RELATIVE:
        bundled = os.path.normpath(os.path.join(os.path.dirname(__file__), bundled))
    if os.path.isdir(bundled):
        out.append(bundled)
    return out


def games(lib_paths=()):
    """Every game and house rule of the library by name ("mendikot",
    "mendikot/band-only"), mapped to its file: the names `load` accepts."""
    found = {}
    for folder in library_path(lib_paths):
        for game in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            main = os.path.join(folder, game, game + ".yaml")
            if os.path.isfile(main) and game not in found:
                found[game] = main
        for game in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            variants = os.path.join(folder, game, "variants")
            if not os.path.isfile(os.path.join(folder, game, game + ".yaml")) or not os.path.isdir(variants):
                continue
            for v in sorted(os.listdir(variants)):
                name = game + "/" + os.path.splitext(v)[0]
                if v.endswith((".yaml", ".yml")) and name not in found:
                    found[name] = os.path.join(variants, v)
    return found


class Game:
    """A ruleset loaded with its options: seats, teams, the fixed action-id
    space and observation shape; makes states. Use `hukum.load`."""

    def __init__(self, native):
        self._native = native

    def __getattr__(self, name):
        return getattr(self._native, name)

    def __repr__(self):
        return "<hukum.Game %s, %d seats, %d actions>" % (self.name, self.num_seats, self.num_distinct_actions)

    def new_initial_state(self, seed=0, log=False):
        """A new match of `deals` deals (see `load`) on the deals of `seed`:
        the same seed gives the same cards as `hukum play --seed`."""
        return State(self._native, seed, log)

    new_state = new_initial_state


def load(name_or_path, options=None, deals=1, lib_paths=(), hook_numbers=None):
    """Loads a game of the library by name ("mendikot", "hearts",
    "mendikot/band-only") or a ruleset file by path.

    options: the ruleset's options, {"trump_method": "cut_hukum"}.
    deals: deals in each state's match; 1 (the default) makes every state a
        single deal, 0 plays the ruleset's own match (to its target or length).
    hook_numbers: (low, high), the numbers a Lua hook may ask for with
        game.ask_number, which get action ids; default 0 to the cards per seat.
    A ruleset with errors raises ValueError with the file, line, column and
    key of each problem."""
    options = {str(k): str(v).lower() if isinstance(v, bool) else str(v) for k, v in (options or {}).items()}
    path = str(name_or_path)
    if not os.path.exists(path):
        named = games(lib_paths)
        if path not in named:
            close = difflib.get_close_matches(path, list(named), n=3)
            close += [n for n in named if n.startswith(path.split("/")[0] + "/") and n not in close]
            close = ["'%s'" % n for n in close[:6]]
            hint = " (did you mean %s?)" % ", ".join(close) if close else ""
            raise ValueError("no file or game named '%s'%s; hukum.games() lists the games" % (path, hint))
        path = named[path]
    low, high = hook_numbers if hook_numbers is not None else (0, -1)
    native = _hukum.load_file(path, options, library_path(lib_paths), int(deals), (int(low), int(high)))
    return Game(native)


def bot(kind, seed=0):
    """A built-in bot as a policy: `bot.step(state)` gives the action id it
    chooses for the state's current seat (`step_word` the text). Kinds:
    random, greedy, pimc[:N], ismcts[:N], ismcts:Tms (docs/bots.md)."""
    return Bot(kind, seed)
