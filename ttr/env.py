"""Ticket to Ride for reinforcement learning: a PettingZoo AEC environment and a Gymnasium
single-seat wrapper. Needs the optional extra: ``pip install -e '.[rl]'`` (the engine never
imports this module).

    env = TicketToRideEnv("europe", players=3)
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

**Agents** are ``"player_0"`` ... ``"player_{n-1}"``, by seat; the agent to act is the game's
current player (a turn may take several steps: a second card, a tunnel's extra cost, tickets to
keep).

**Actions** are integers, one per action the rules could ever allow on this board and rule set,
in a fixed order (:class:`ActionCodec`; ``env.codec.decode(i)`` gives the :mod:`ttr.actions`
value, ``env.codec.encode(action)`` the integer):

1. ``DrawCard(slot)`` for each face-up slot, then ``DrawCard(None)`` (the deck);
2. ``Claim(route, color, locomotives)`` for each route by id and each payment it could take:
   every colour the route accepts with 0 (or the ferry's minimum) to length-1 locomotives, then
   locomotives only;
3. ``DrawTickets()``;
4. ``KeepTickets(kept)`` for every subset of the largest possible offer, by bit mask (bit ``i``
   keeps the ``i``-th ticket on offer);
5. (Europe) ``BuildStation(city, color, locomotives)`` for each city and payment of any station;
6. ``PayTunnel(locomotives)`` for 0 to 3 locomotives, ``Decline()``, ``Pass()``.

An action that is not legal now raises :class:`ttr.IllegalAction`; sample with the mask. An
action that is not a whole number in range (a bool, float, text; numpy integers are fine), a
seed that is not one from 0 to :data:`MAX_SEED`, or a call before ``reset`` or after every agent
has left the game raises :class:`ttr.TTRError` naming the argument, and changes nothing.

**Observations** are dicts: ``"action_mask"`` (int8, 1 for each legal action of the agent to
act, all 0 for the others) and ``"observation"``, a float32 vector built from
``game.observation(seat)`` alone, so it holds only what that player may know. Its parts, in
order (``env.layout`` gives each part's slice); seats are counted from the observing player
(0 = me, 1 = the next player, ...):

- ``phase``: one-hot over opening, turn, second_card, tunnel, tickets, over;
- ``to_play``: one-hot seat of the player to act;
- ``hand``: my cards of each kind (pink, white, blue, yellow, orange, black, red, green, loco);
- ``market``: each face-up slot one-hot over the 9 kinds and "empty";
- ``players``: per seat, trains, stations left, route points, cards in hand, tickets held;
- ``routes``: per route, one-hot owner over "free" and each seat;
- ``stations`` (Europe): per city, one-hot station owner over "none" and each seat;
- ``tickets``: 1 for each ticket of the rule set's pool that I hold;
- ``offer``: per place of the largest offer, one-hot ticket on offer to me (or "none");
- ``tunnel``: the extra cards asked for, then the revealed cards of each kind;
- ``piles``: deck size, discard size, ticket deck size, final turns left (0 before the final
  round).

**Rewards** come at the end: +1 for each winner (a shared win too), -1 for every other player.

**Narration**: with ``render_mode="ansi"`` the game records its events; after each step every
agent's ``info["narration"]`` holds the lines of that step as its seat may read them
(:meth:`ttr.Game.events_for`: another seat's blind draw without its card), and ``render()``
ends with the step's lines as the public sees them.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ttr.actions import (
    DECLINE,
    DRAW_DECK,
    DRAW_TICKETS,
    PASS,
    Action,
    BuildStation,
    Claim,
    DrawCard,
    KeepTickets,
    PayTunnel,
)
from ttr.agents import make_agent
from ttr.checks import one_of, whole_number
from ttr.colors import CARD_COLORS, CARD_KINDS, GRAY
from ttr.errors import TTRError, preview
from ttr.game import PHASES, Game
from ttr.rules import RuleSet, rule_set

OBSERVATION_HIGH = 1000.0
"""The upper bound of every observation entry (counts and points stay far below)."""
MAX_SEED = 2**63 - 1
"""The largest seed ``reset`` takes (seeds are whole numbers from 0)."""


class ActionCodec:
    """The fixed numbering of every action a rule set could ever allow (see the module doc)."""

    def __init__(self, rules: RuleSet, game: Game):
        board = game.board
        self.offer_size = max(rules.ticket_draw, *(deal.size for deal in rules.opening))
        actions: list[Action] = [DrawCard(slot) for slot in range(rules.market_size)]
        actions.append(DRAW_DECK)
        for route in board.routes:
            for color in CARD_COLORS if route.color == GRAY else (route.color,):
                actions += [
                    Claim(route.id, color, k) for k in range(route.locomotives, route.length)
                ]
            actions.append(Claim(route.id, None, route.length))
        actions.append(DRAW_TICKETS)
        for mask in range(2**self.offer_size):
            actions.append(KeepTickets(tuple(i for i in range(self.offer_size) if mask >> i & 1)))
        if rules.has_stations:
            most = max(rules.station_costs)
            for city in board.cities:
                for color in CARD_COLORS:
                    actions += [BuildStation(city, color, k) for k in range(most)]
                actions += [BuildStation(city, None, n) for n in sorted(set(rules.station_costs))]
        actions += [PayTunnel(k) for k in range(rules.tunnel_reveal + 1)]
        actions += [DECLINE, PASS]
        self.actions = tuple(actions)
        self.index = {action: i for i, action in enumerate(actions)}

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        """The integer of ``action``."""
        number = self.index.get(action) if isinstance(action, Hashable) else None
        if number is None:
            raise TTRError("action: not an action of this rule set, {value}", value=preview(action))
        return number

    def decode(self, number: int) -> Action:
        """The action numbered ``number``."""
        return self.actions[whole_number(number, "action", high=len(self.actions) - 1)]

    def mask(self, game: Game) -> np.ndarray:
        """1 for each legal action of the player to act, as int8."""
        if not isinstance(game, Game):
            raise TTRError("game: expected a Game, not {value}", value=preview(game))
        mask = np.zeros(len(self.actions), dtype=np.int8)
        if not game.is_over:
            mask[[self.index[a] for a in game.legal_actions()]] = 1
        return mask


class Observer:
    """Turns ``game.observation(seat)`` into the observation vector (see the module doc)."""

    def __init__(self, rules: RuleSet, game: Game, offer_size: int):
        self.players = game.num_players
        self.cities = list(game.board.cities)
        self.tickets = {game.board.ticket_ref(t): i for i, t in enumerate(game.ticket_pool)}
        self.offer_size = offer_size
        sizes = {
            "phase": len(PHASES),
            "to_play": self.players,
            "hand": len(CARD_KINDS),
            "market": rules.market_size * (len(CARD_KINDS) + 1),
            "players": 5 * self.players,
            "routes": len(game.board.routes) * (self.players + 1),
            "stations": len(self.cities) * (self.players + 1) if rules.has_stations else 0,
            "tickets": len(self.tickets),
            "offer": offer_size * (len(self.tickets) + 1),
            "tunnel": 1 + len(CARD_KINDS),
            "piles": 4,
        }
        self.layout: dict[str, slice] = {}
        start = 0
        for name, size in sizes.items():
            self.layout[name] = slice(start, start + size)
            start += size
        self.size = start

    def vector(self, seen: dict[str, Any]) -> np.ndarray:
        """The observation vector of ``seen``, an observation of :meth:`ttr.Game.observation`."""
        out = np.zeros(self.size, dtype=np.float32)
        me, n = seen["you"], self.players

        def seat(player: int) -> int:
            return (player - me) % n

        def part(name: str) -> np.ndarray:
            return out[self.layout[name]]

        part("phase")[PHASES.index(seen["phase"])] = 1
        part("to_play")[seat(seen["current_player"])] = 1
        part("hand")[:] = [seen["hand"][kind] for kind in CARD_KINDS]
        market = part("market").reshape(-1, len(CARD_KINDS) + 1)
        for slot, card in enumerate(seen["market"]):
            market[slot, len(CARD_KINDS) if card is None else CARD_KINDS.index(card)] = 1
        players = part("players").reshape(n, 5)
        for player in range(n):
            players[seat(player)] = [
                seen[name][player]
                for name in ("trains", "stations_left", "route_points", "hand_sizes")
            ] + [seen["ticket_counts"][player]]
        routes = part("routes").reshape(-1, n + 1)
        for route, owner in enumerate(seen["owners"]):
            routes[route, 0 if owner is None else 1 + seat(owner)] = 1
        if self.layout["stations"].stop > self.layout["stations"].start:
            stations = part("stations").reshape(-1, n + 1)
            stations[:, 0] = 1
            for city, owner in seen["stations"].items():
                row = self.cities.index(city)
                stations[row, 0], stations[row, 1 + seat(owner)] = 0, 1
        tickets = part("tickets")
        for ref in seen["tickets"]:
            tickets[self.tickets[ref]] = 1
        offer = part("offer").reshape(self.offer_size, -1)
        offered = seen.get("offer", [])
        for place in range(self.offer_size):
            offer[place, self.tickets[offered[place]] if place < len(offered) else -1] = 1
        if "tunnel" in seen:
            tunnel = part("tunnel")
            tunnel[0] = seen["tunnel"]["extra"]
            for card in seen["tunnel"]["revealed"]:
                tunnel[1 + CARD_KINDS.index(card)] += 1
        part("piles")[:] = [
            seen["deck_size"],
            seen["discard_size"],
            seen["ticket_deck_size"],
            seen["final_turns_left"] or 0,
        ]
        return out


class TicketToRideEnv(AECEnv):
    """Ticket to Ride as a PettingZoo AEC environment (see the module doc for the encoding)."""

    metadata = {"name": "ticket_to_ride_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        rules: str | RuleSet = "usa",
        players: int = 2,
        *,
        variant: str | None = None,
        render_mode: str | None = None,
    ):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise TTRError(f"render_mode is None or 'ansi', not {render_mode!r}")
        players = whole_number(players, "players", low=1)
        self.rules = rule_set(rules, variant)
        self.render_mode = render_mode
        self.game = Game(self.rules, players, seed=0, record=False)  # checks the player count
        self.codec = ActionCodec(self.rules, self.game)
        self.observer = Observer(self.rules, self.game, self.codec.offer_size)
        self.layout = self.observer.layout
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, OBSERVATION_HIGH, (self.observer.size,), np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (len(self.codec),), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(len(self.codec)) for agent in self.possible_agents
        }
        self._seeds = random.Random()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[one_of(agent, "agent", self.possible_agents)]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[one_of(agent, "agent", self.possible_agents)]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new game: from ``seed`` (a whole number from 0 to :data:`MAX_SEED`), or else
        from the generator of the last seed given. ``options`` is not used."""
        seed = check_reset(seed, options)
        if seed is not None:
            self._seeds.seed(seed)
        deal = self._seeds.randrange(2**31)
        record = self.render_mode is not None  # the narration: see the module doc
        self.game = Game(self.rules, len(self.possible_agents), deal, record=record)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[self.game.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(one_of(agent, "agent", self.possible_agents))
        self._check_dealt("observe")
        vector = self.observer.vector(self.game.observation(seat))
        if agent == self.agent_selection and not self.game.is_over:
            mask = self.codec.mask(self.game)
        else:
            mask = np.zeros(len(self.codec), dtype=np.int8)
        return {"observation": vector, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict]:
        """The observation, reward, termination, truncation and info of the agent to act."""
        one_of(observe, "observe", (True, False))
        self._acting_agent("last")
        return super().last(observe)

    def step(self, action: int | None) -> None:
        """Play ``action`` (an action number) for the agent to act; ``None`` once its game is
        over (each agent once, as PettingZoo does)."""
        agent = self._acting_agent("step")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise TTRError(
                    "the game is over: step(None) for each agent, then reset(), not {value}",
                    value=preview(action),
                )
            self._was_dead_step(None)
            return
        if action is None:
            raise TTRError("{agent} is to act: give an action number, not None", agent=agent)
        chosen = self.codec.decode(whole_number(action, "action", high=len(self.codec) - 1))
        self.game.play(chosen)  # refuses an illegal action before anything changes
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game.record:
            for seat, name in enumerate(self.possible_agents):
                self.infos[name]["narration"] = _last_step(self.game, seat)
        if self.game.is_over:
            winners = self.game.outcome().winners
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = 1.0 if seat in winners else -1.0
                self.terminations[name] = True
        else:
            self.agent_selection = self.possible_agents[self.game.current_player]
        self._accumulate_rewards()

    def _check_dealt(self, method: str) -> str:
        """The agent selected, or the project's error before the first reset."""
        agent = getattr(self, "agent_selection", None)
        if agent is None:
            raise TTRError("call reset() before {method}()", method=method)
        return agent

    def _acting_agent(self, method: str) -> str:
        """The agent to act, or the project's error if there is none (before the first reset,
        or once every agent has left the game)."""
        agent = self._check_dealt(method)
        if agent not in self.agents:
            raise TTRError(
                "the game is over and every agent has left it: call reset() before {method}()",
                method=method,
            )
        return agent

    def render(self) -> str | None:
        """The position as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        text = repr(self.game) + "\n" + _public_text(self.game)
        return "\n".join([text, *_last_step(self.game, None)])

    def close(self) -> None:
        """Nothing to release."""


def _last_step(game: Game, seat: int | None) -> list[str]:
    """The narration of the last action as ``seat`` may read it (None: the public)."""
    step = game.actions_played
    return [line for event in game.events_for(seat) if event.step == step for line in event.lines]


def check_reset(seed: object, options: object) -> int | None:
    """The seed of a ``reset`` (None, or a whole number from 0 to :data:`MAX_SEED`), after
    checking that ``options`` is None or a dict."""
    if options is not None and not isinstance(options, dict):
        raise TTRError("options: expected None or a dict, not {value}", value=preview(options))
    return None if seed is None else whole_number(seed, "seed", high=MAX_SEED)


def _public_text(game: Game) -> str:
    lines = []
    for seat, name in enumerate(game.players):
        lines.append(
            f"{name}: {game.trains[seat]} trains, {game.route_points[seat]} route points, "
            f"{len(game.routes_of(seat))} routes"
        )
    lines.append("market: " + ", ".join(card or "-" for card in game.cards.market))
    return "\n".join(lines)


class SingleSeatEnv(gymnasium.Env):
    """One seat of a game against bots, as a Gymnasium environment.

    ``opponents`` names one bot per other seat (``"random"``, ``"greedy"``, ``"long"``,
    ``"mcts:N"``...), seated after ``seat``; the observation and action encoding are those of
    :class:`TicketToRideEnv`, and the reward (+1 win, -1 loss) comes with the last step.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        rules: str | RuleSet = "usa",
        opponents: tuple[str, ...] | list[str] = ("random",),
        *,
        seat: int = 0,
        variant: str | None = None,
        render_mode: str | None = None,
    ):
        if not isinstance(opponents, (tuple, list)) or not opponents:
            raise TTRError(
                "opponents: expected a list of agent names, one per other seat, not {value}",
                value=preview(opponents),
            )
        players = len(opponents) + 1
        seat = whole_number(seat, "seat", high=players - 1)
        for name in opponents:
            make_agent(name)  # an unknown name fails here
        self.env = TicketToRideEnv(rules, players, variant=variant, render_mode=render_mode)
        self.render_mode = render_mode
        self.seat = seat
        self.agent = self.env.possible_agents[seat]
        self.opponent_names = list(opponents)
        self.observation_space = self.env.observation_space(self.agent)
        self.action_space = self.env.action_space(self.agent)
        self.bots: dict[int, Any] = {}

    def reset(
        self, *, seed: int | None = None, options: dict | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        seed = check_reset(seed, options)
        super().reset(seed=seed)
        deal = int(self.np_random.integers(2**31))
        self.env.reset(seed=deal)
        others = [s for s in range(len(self.env.possible_agents)) if s != self.seat]
        self.bots = {
            s: make_agent(name, deal * 31 + s)
            for s, name in zip(others, self.opponent_names, strict=True)
        }
        self._let_bots_play()
        return self.env.observe(self.agent), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict]:
        """Play ``action`` (an action number), then let the bots play up to this seat's turn."""
        if not self.bots:
            raise TTRError("call reset() before {method}()", method="step")
        if self.env.game.is_over:
            raise TTRError("the game is over: call reset() for a new game")
        self.env.step(action)
        self._let_bots_play()
        game = self.env.game
        over = game.is_over
        reward = (1.0 if self.seat in game.outcome().winners else -1.0) if over else 0.0
        return self.env.observe(self.agent), reward, over, False, {}

    def _let_bots_play(self) -> None:
        game = self.env.game
        while not game.is_over and game.current_player != self.seat:
            action = self.bots[game.current_player].choose(game)
            self.env.step(self.env.codec.encode(action))

    def render(self) -> str | None:
        return self.env.render()


__all__ = ["ActionCodec", "Observer", "SingleSeatEnv", "TicketToRideEnv"]
