"""Environment classes over hukum states, in the shapes learning code knows.

AECEnv follows PettingZoo's agent-environment-cycle API (reset, agent_iter,
last, step, observe, rewards, terminations, ...) without depending on
PettingZoo; BatchEnv steps many games at once in C++ (docs/python.md).
"""
import numpy as np

from . import _hukum


class _Space:
    """The shape of an action or observation, for code that asks (a
    gymnasium space when gymnasium is installed, else this)."""

    def __init__(self, kind, n=None, shape=None):
        self.kind, self.n, self.shape = kind, n, shape

    def __repr__(self):
        return "%s(%s)" % (self.kind, self.n if self.n is not None else self.shape)


def _spaces(num_actions, obs_size):
    try:
        import gymnasium.spaces as spaces  # optional
        return (spaces.Discrete(num_actions),
                spaces.Dict({"observation": spaces.Box(-np.inf, np.inf, (obs_size,), np.float32),
                             "action_mask": spaces.Box(0, 1, (num_actions,), np.int8)}))
    except ImportError:
        return _Space("Discrete", n=num_actions), _Space("Box", shape=(obs_size,))


class AECEnv:
    """One game, one seat deciding at a time (PettingZoo's AEC shape).

        env = hukum.AECEnv("mendikot")
        env.reset(seed=1)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            action = None if termination else choose(obs["observation"], obs["action_mask"])
            env.step(action)

    Agents are the seat names. A reward is given to every seat when a deal
    ends: its deal returns (State.deal_returns: its team's game points less
    the others', negated when the lowest total wins); over a match they add
    up to `returns()`."""

    metadata = {"name": "hukum", "is_parallelizable": False}

    def __init__(self, game, options=None, deals=1, seed=0, **load_args):
        from . import load
        self.game = load(game, options=options, deals=deals, **load_args) if isinstance(game, str) else game
        self.possible_agents = list(self.game.seat_names)
        self._action_space, self._observation_space = _spaces(self.game.num_distinct_actions,
                                                              self.game.observation_size)
        self._seed = seed
        self.state = None

    def action_space(self, agent):
        return self._action_space

    def observation_space(self, agent):
        return self._observation_space

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seed = seed
        self.state = self.game.new_initial_state(seed=self._seed)
        self._seed += 1
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._deals_seen = 0
        self._select()

    def _select(self):
        if self.state.is_terminal():
            # Every remaining agent is done; each is selected once more to step None.
            self.agent_selection = self.agents[0] if self.agents else None
        else:
            self.agent_selection = self.possible_agents[self.state.current_seat()]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if not self.state.is_terminal() and self.state.current_seat() == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        n = 0
        while self.agents and n < max_iter:
            yield self.agent_selection
            n += 1

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError("%s is done: step(None)" % agent)
            self.agents.remove(agent)
            del self._cumulative_rewards[agent]
            self._select()
            return
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        if isinstance(action, str):
            self.state.apply_action(action)
        else:
            self.state.apply_action(int(action))
        if self.state.deals_played > self._deals_seen:
            self._deals_seen = self.state.deals_played
            for a, r in zip(self.possible_agents, self.state.deal_returns()):
                self.rewards[a] = r
                self._cumulative_rewards[a] = self._cumulative_rewards.get(a, 0.0) + r
        if self.state.is_terminal():
            for a in self.agents:
                self.terminations[a] = True
        self._select()

    def render(self):
        return str(self.state)

    def close(self):
        pass


class BatchEnv:
    """Many games of one ruleset stepped together in C++.

        env = hukum.BatchEnv("mendikot", size=256, seed=1)
        mask = env.legal_mask()                   # (size, num_actions) bool
        obs = env.observations()                  # (size, observation_size) float32
        done, returns = env.step(actions)         # one action id per game
        # or env.step_random(): the engine's uniformly random player

    A game that finishes starts again at once on the next seed; `done[i]` and
    `returns[i]` (per seat, higher is better) say when and how it finished."""

    def __init__(self, game, size=256, seed=0, options=None, deals=1, **load_args):
        from . import load
        self.game = load(game, options=options, deals=deals, **load_args) if isinstance(game, str) else game
        self.size = size
        self._batch = _hukum.Batch(self.game._native, size, seed)

    def reset(self, seed=0):
        self._batch = _hukum.Batch(self.game._native, self.size, seed)

    def current_seats(self):
        return self._batch.current_seats()

    def legal_mask(self):
        return self._batch.legal_mask()

    def observations(self):
        return self._batch.observations()

    def step(self, actions):
        return self._batch.step(np.asarray(actions, dtype=np.int32))

    def step_random(self):
        return self._batch.step_random()

    @property
    def deals_finished(self):
        return self._batch.deals_finished

    @property
    def matches_finished(self):
        return self._batch.matches_finished
