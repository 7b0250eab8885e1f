"""Lost Cities numbers for the scoring lesson (notebooks/lost-cities/05): every possible expedition
score, exactly, and the simulated risk of investing, as polars frames.

The lesson reads the risk experiment from a shipped file (2,000 games take 2 s of CPU, three times
that on a busy machine: too much of the lesson's 5 s), made by this module's command (`datasets/simulated/README.md`):

    python -m kit.sim.analyses.lostcities --games 2000 --seed 0 \\
        --out datasets/simulated/lost-cities-investment-risk.parquet
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections import Counter
from itertools import combinations

import polars as pl

from kit.bots.arena import play_game
from kit.core import Chance
from kit.i18n import N_
from kit.lostcities import LostCities, load_components
from kit.lostcities.actions import Action, Discard, Draw, Play
from kit.lostcities.heuristic import HeuristicBot
from kit.lostcities.scenarios import arrange_deck
from kit.lostcities.scoring import BONUS, BONUS_CARDS, COST, expedition_score

from ..cli import META, tablekit_version
from ..components import component_hash
from ..seeding import game_seed

NUMBERS = tuple(range(2, 11))
# the columns of these frames, and of Lost Cities notebook 5's summary of `investment_risk`, as a
# learner's table heads them (`widgets.charts.table`); code selects by the English names
N_("investments"), N_("expeditions"), N_("score"), N_("games"), N_("mean score"), N_("95% CI low"), N_("95% CI high")
N_("10th percentile"), N_("90th percentile"), N_("share lost"), N_("share lost, low"), N_("share lost, high")


def expedition_score_distribution() -> pl.DataFrame:
    """LC-5, exactly: for 0-3 investment cards and every set of number cards 2..10 (an expedition
    with at least one card), how many expeditions reach each score. 2,047 expeditions in all."""
    counts: Counter[tuple[int, int]] = Counter()
    for investments in range(4):
        for size in range(len(NUMBERS) + 1):
            for numbers in combinations(NUMBERS, size):
                cards = investments + size
                if cards == 0:
                    continue  # never started: worth 0, and not an expedition
                score = (sum(numbers) - COST) * (1 + investments) + (BONUS if cards >= BONUS_CARDS else 0)
                counts[investments, score] += 1
    rows = [(investments, score, count) for (investments, score), count in sorted(counts.items())]
    return pl.DataFrame(
        rows, schema={"investments": pl.Int64, "score": pl.Int64, "expeditions": pl.Int64}, orient="row"
    )


class CommittedBot:
    """Player 0 of the risk experiment: commits to one expedition from the first turn.

    It lays every investment card of that colour it holds, then adds that colour's number cards
    lowest first as they come (drawing one from the discard pile when it fits), and discards
    everything else. It never starts another expedition, so the one it committed to is measured
    on its own.
    """

    name = "committed"

    def __init__(self, expedition: int):
        self.expedition = expedition

    def choose(self, game: LostCities) -> Action:
        e, hand, top = self.expedition, game.hands[game.to_move], game.tops[0][self.expedition]
        if game.phase == "draw":
            pile = game.discards[e]
            if pile and e != game.discarded_to and pile[-1].value > top:
                return Draw(e, game.components.expeditions[e].key)
            return Draw(None)
        for card in hand:  # hands are sorted: investment cards first, then rising numbers
            if card.expedition == e and (card.value > top or (card.value == 0 and top == 0)):
                return Play(card)
        others = [c for c in hand if c.expedition != e] or hand
        return Discard(others[-1])


def investment_risk(games: int = 2000, seed: int = 0) -> pl.DataFrame:
    """An experiment with the engine: how an expedition started at once ends, by the opening hand.

    Game i deals player 0 exactly k = i mod 4 investment cards of expedition e = i mod 5 (the shipped
    game has five; the rest of the deal is shuffled from `kit.sim.seeding.game_seed(seed, i)`), and
    player 0 commits to that expedition (`CommittedBot`) against the heuristic bot for one round. One
    row per game: the investment cards, the value of e's number cards in the opening hand, the cards
    the expedition ended with and its final score (LC-5). The investment cards are assigned, not
    chosen: an experiment, not an observation of a bot's choices.
    """
    rows = []
    colours = len(load_components().expeditions)
    for index in range(games):
        investments, expedition = index % 4, index % colours
        game = LostCities(players=2, rounds=1, deck=_deal(game_seed(seed, index), expedition, investments))
        opening = sum(c.value for c in game.hands[0] if c.expedition == expedition)
        play_game(game, [CommittedBot(expedition), HeuristicBot()])
        cards = game.expeditions[0][expedition]
        letter = game.components.expeditions[expedition].key
        rows.append((index, investments, letter, opening, len(cards), expedition_score(cards)))
    schema = {
        "game": pl.Int64,
        "investments": pl.Int64,
        "expedition": pl.String,
        "opening_hand_value": pl.Int64,
        "cards": pl.Int64,
        "score": pl.Int64,
    }
    return pl.DataFrame(rows, schema=schema, orient="row")


def _deal(seed: int, expedition: int, investments: int) -> list[str]:
    """A shuffled deck whose first hand holds exactly `investments` investment cards of `expedition`."""
    components = LostCities(players=2, rounds=1).components
    cards = list(components.deck(2))
    Chance(seed).shuffle(cards)
    wagers = [c for c in cards if c.expedition == expedition and c.value == 0]
    rest = [c for c in cards if not (c.expedition == expedition and c.value == 0)]
    hand = wagers[:investments] + rest[: 8 - investments]
    pile = rest[8 - investments :] + wagers[investments:]
    Chance(seed + 1).shuffle(pile)
    return arrange_deck([[c.key for c in hand], [c.key for c in pile[:8]]], [c.key for c in pile[8:]], components)


def main(argv: list[str] | None = None) -> int:
    """Write `investment_risk(games, seed)` to a parquet file whose metadata says how it was made
    (the command, seed, version and component hash, as `python -m kit.sim` writes them)."""
    p = argparse.ArgumentParser(prog="python -m kit.sim.analyses.lostcities", description=investment_risk.__doc__)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", required=True, help="the parquet file to write")
    args = p.parse_args(argv)
    frame = investment_risk(games=args.games, seed=args.seed)
    command = ["python", "-m", "kit.sim.analyses.lostcities", "--games", str(args.games), "--seed", str(args.seed)]
    info = {
        "command": shlex.join([*command, "--out", args.out]),
        "game": "lost-cities",
        "record": "investment-risk",
        "games": str(args.games),
        "seed": str(args.seed),
        "version": f"tablekit {tablekit_version()}",
        "components_sha256": component_hash("lost-cities"),
        "columns": "kit.sim.analyses.lostcities.investment_risk",
    }
    frame.write_parquet(args.out, metadata={META + key: value for key, value in info.items()})
    print(f"{frame.height:,} rows -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
