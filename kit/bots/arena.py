"""Play bots against each other over many seeded games and summarise who wins.

    python -m kit.bots.arena GAME --games 1000          # heuristic against random
    python -m kit.bots.arena GAME --bot ismcts --against heuristic --games 300 --seconds 0.2
    python -m kit.bots.arena GAME --set rounds=3        # a game setting (see the game's Settings)

GAME is one of `kit.games.names()` (README.md, "Bots", has an example for each). A game of two
sides (two players, or two teams of partners) is played bot against bot, seats alternating from
game to game, so neither bot always moves first; a game of more sides puts one bot against a table
of the other, its seat rotating.
"""

from __future__ import annotations

import argparse
import ast
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kit.core import Game

from .base import Bot

#: a turn cap for simulations only: never a change of rules (LC-4's decision); hitting it is reported.
DEFAULT_STEP_CAP = 20_000


@dataclass
class GameResult:
    seed: int
    seats: list[str]  # bot name at each seat
    scores: list[int]
    winners: list[int]
    steps: int
    capped: bool


def play_game(game: Game, bots: Sequence[Bot], step_cap: int = DEFAULT_STEP_CAP) -> GameResult:
    """Play `game` to its end with `bots[seat]` choosing for each seat."""
    steps = 0
    while not game.is_over and steps < step_cap:
        game.apply(bots[game.current_player].choose(game))
        steps += 1
    return GameResult(
        seed=game.settings.seed,
        seats=[b.name for b in bots],
        scores=game.scores(),
        winners=game.winners() if game.is_over else [],
        steps=steps,
        capped=not game.is_over,
    )


@dataclass
class Summary:
    games: int
    wins: dict[str, float]  # a draw counts half to each side
    mean_score: dict[str, float]
    capped: int
    seconds: float

    def win_rate(self, bot: str) -> float:
        return self.wins[bot] / self.games

    def __str__(self) -> str:
        lines = [f"{self.games} games in {self.seconds:.1f} s ({self.capped} stopped by the step cap)"]
        for bot in self.wins:
            lines.append(f"  {bot:>10}: win rate {self.win_rate(bot):6.1%}   mean score {self.mean_score[bot]:8.2f}")
        return "\n".join(lines)


def head_to_head(
    new_game: Callable[[int], Game],
    bot_a: Callable[[int], Bot],
    bot_b: Callable[[int], Bot],
    games: int,
    first_seed: int = 0,
) -> Summary:
    """Two bots, alternating seats (for team games, each bot plays every seat of its team)."""
    start = time.perf_counter()
    wins: dict[str, float] = {}
    totals: dict[str, list[int]] = {}
    capped = 0
    for i in range(games):
        seed = first_seed + i
        game = new_game(seed)
        a, b = bot_a(seed), bot_b(seed + 1_000_003)
        players = game.settings.players
        order = [a, b] if i % 2 == 0 else [b, a]
        bots = [order[p % 2] for p in range(players)]
        result = play_game(game, bots)
        capped += result.capped
        for name in (a.name, b.name):
            wins.setdefault(name, 0.0)
            totals.setdefault(name, [])
        seat_of = {order[0].name: 0, order[1].name: 1}
        for name, seat in seat_of.items():
            totals[name].append(result.scores[seat])
            if seat in result.winners:
                wins[name] += 1 / len({p % 2 for p in result.winners})
    seconds = time.perf_counter() - start
    mean = {name: sum(s) / len(s) for name, s in totals.items()}
    return Summary(games, wins, mean, capped, seconds)


def one_against_many(
    new_game: Callable[[int], Game],
    hero: Callable[[int], Bot],
    others: Callable[[int], Bot],
    games: int,
    first_seed: int = 0,
) -> Summary:
    """One bot against a table of others (for games of 3 or more), its seat rotating game by game.

    Wins are shared on ties; "mean score" of the others is the mean over all their seats."""
    start = time.perf_counter()
    wins = {"hero": 0.0, "others": 0.0}
    scores: dict[str, list[int]] = {"hero": [], "others": []}
    capped, names = 0, {}
    for i in range(games):
        seed = first_seed + i
        game = new_game(seed)
        players = game.settings.players
        seat = i % players
        bots = [hero(seed) if p == seat else others(seed * 10 + p) for p in range(players)]
        names = {"hero": bots[seat].name, "others": bots[(seat + 1) % players].name}
        result = play_game(game, bots)
        capped += result.capped
        share = 1 / len(result.winners) if result.winners else 0
        for p in range(players):
            side = "hero" if p == seat else "others"
            scores[side].append(result.scores[p])
            if p in result.winners:
                wins[side] += share
    seconds = time.perf_counter() - start
    label = {"hero": names.get("hero", "hero"), "others": f"{names.get('others', 'others')} (each)"}
    per_other = max(1, len(scores["others"]) // max(1, games))
    return Summary(
        games,
        {label["hero"]: wins["hero"], label["others"]: wins["others"] / per_other},
        {label[k]: sum(v) / len(v) for k, v in scores.items()},
        capped,
        seconds,
    )


#: the bots every game offers, by name (the arena's and the boards' choices)
BOT_NAMES = ("heuristic", "random", "ismcts")


def bot_factory(game: str, name: str, seconds: float = 0.2) -> Callable[[int], Bot]:
    """A maker of `name` bots for `game` taking a seed: "heuristic", "random" or "ismcts"
    (information-set MCTS thinking `seconds` per decision)."""
    from .base import RandomBot

    if name == "random":
        return RandomBot
    if name == "heuristic":
        from .rollout import heuristic_bot

        return lambda seed: heuristic_bot(game)
    if name == "ismcts":
        from .ismcts import ISMCTSBot

        return lambda seed: ISMCTSBot(seed, seconds=seconds)
    raise ValueError(f"no bot {name!r}; bots are {', '.join(BOT_NAMES)}")


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` (to `high`); anything else is argparse's
    one-line error (exit code 2), never a traceback."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            span = f"from {low:,} to {high:,}" if high is not None else f"of at least {low:,}"
            raise argparse.ArgumentTypeError(f"a whole number {span}, not {text!r}")
        return value

    return read


#: the arena's longest match: it plays in this process, one game after another
MAX_ARENA_GAMES = 1_000_000


def _thinking_time(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds <= 60:
        raise argparse.ArgumentTypeError(f"seconds per decision, more than 0 and at most 60, not {text!r}")
    return seconds


def main(argv: Sequence[str] | None = None) -> None:
    from kit.games import game_type, names

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=names())
    parser.add_argument("--games", type=whole_number(1, MAX_ARENA_GAMES), default=1000)
    parser.add_argument("--players", type=whole_number(1), help="default: the game's own (its Settings)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a setting, e.g. rounds=3")
    parser.add_argument("--bot", choices=BOT_NAMES, default="heuristic", help="the bot under test (default heuristic)")
    parser.add_argument("--against", choices=BOT_NAMES, default="random", help="its opponents (default random)")
    parser.add_argument("--seconds", type=_thinking_time, default=0.2, help="ismcts: thinking time per decision")
    args = parser.parse_args(argv)
    hero, others = bot_factory(args.game, args.bot, args.seconds), bot_factory(args.game, args.against, args.seconds)
    kind = game_type(args.game)
    try:
        settings = parse_settings(args.set)
    except ValueError as error:
        parser.error(str(error))
    players = args.players or kind.settings_type().players

    def new_game(seed: int) -> Game:
        return kind(players=players, seed=seed, **settings)

    try:
        first = new_game(0)
    except (TypeError, ValueError) as error:  # a setting the game does not have, or a value it refuses
        parser.error(f"{args.game}: {error}")
    described = "".join(f", {name}={value!r}" for name, value in settings.items())
    if len(first.totals()) == 2:  # two sides (two players, or two teams): bot against bot
        summary = head_to_head(new_game, hero, others, args.games)
        print(f"{args.game}, {players} players{described}: {args.bot} against {args.against}")
    else:
        summary = one_against_many(new_game, hero, others, args.games)
        print(
            f"{args.game}, {players} players{described}: one {args.bot} bot against {players - 1} {args.against} "
            "bots, seats rotating"
        )
    print(summary)


def parse_settings(texts: Sequence[str]) -> dict[str, Any]:
    """Game settings given on a command line as NAME=VALUE (``--set rounds=3``), each value read as
    a Python literal when it is one, else kept as text."""
    settings = {}
    for text in texts:
        name, equals, value = text.partition("=")
        if not equals or not name.strip():
            raise ValueError(f"--set wants NAME=VALUE, not {text!r}")
        try:
            settings[name.strip()] = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            settings[name.strip()] = value.strip()
    return settings


if __name__ == "__main__":
    main()
