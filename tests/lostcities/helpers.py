"""Scripted Lost Cities games for rule tests: each seat plays a list of actions in order."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from kit.lostcities import LostCities, load_components
from kit.lostcities.components import edition_folder

HAND = 8


def expedition_folder(tmp_path: Path, count: int) -> Path:
    """A component folder with the first `count` expeditions of the six-expedition edition (and
    their cards): any count, also one the engine must refuse."""
    folder = tmp_path / f"lostcities-{count}"
    folder.mkdir()
    shipped = edition_folder("six")
    kept: set[str] = set()
    for name, key in (("expeditions.csv", "key"), ("cards.csv", "expedition")):
        reader = csv.DictReader(io.StringIO((shipped / name).read_text(encoding="utf-8")))
        rows = list(reader)
        if name == "expeditions.csv":
            rows = rows[:count]
            kept = {row["key"] for row in rows}
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=reader.fieldnames, lineterminator="\n")
        writer.writeheader()
        writer.writerows(row for row in rows if row[key] in kept)
        (folder / name).write_text(out.getvalue(), encoding="utf-8")
    return folder


def scripted_deck(scripts: list[list[str]]) -> list[str]:
    """A full deck (top first) with which seat p holds, on its k-th turn, the card of scripts[p][k].

    Each script entry is a play-step action text ("play D7", "discard D7"). Seat p is dealt the
    first 8 cards of its script; on its k-th turn it draws the (8 + k)-th (or a filler card).
    """
    components = load_components()
    players = len(scripts)
    cards = [[entry.split()[1] for entry in script] for script in scripts]
    pool = [c.key for c in components.deck(players)]
    for seat in cards:
        for key in seat:
            pool.remove(components.card(key).key)  # raises if a card is used twice
    fillers = list(pool)
    hands = [seat[:HAND] + [fillers.pop(0) for _ in range(HAND - len(seat[:HAND]))] for seat in cards]
    draws = [seat[HAND:] for seat in cards]
    pile: list[str] = []
    turn = 0
    while fillers or any(turn // players < len(d) for d in draws):
        seat, k = turn % players, turn // players
        if k < len(draws[seat]):
            pile.append(draws[seat][k])
        elif fillers:
            pile.append(fillers.pop(0))
        else:
            raise ValueError("the scripts need more turns than the deck allows")
        turn += 1
    deck = [key for hand in hands for key in hand] + pile
    assert sorted(deck) == sorted(c.key for c in components.deck(players))
    return deck


def scripted_game(scripts: list[list[str]], **settings) -> LostCities:
    settings.setdefault("rounds", 1)
    return LostCities(players=len(scripts), deck=scripted_deck(scripts), **settings)


def run_scripts(game: LostCities, scripts: list[list[str]]) -> None:
    """Play every seat's script, each turn followed by a draw from the deck; stops when all are done.

    Seats whose script is finished discard their first card that no script still needs.
    """
    position = [0] * len(scripts)
    while any(position[p] < len(s) for p, s in enumerate(scripts)):
        seat = game.to_move
        script = scripts[seat]
        if position[seat] < len(script):
            game.apply(script[position[seat]])
            position[seat] += 1
        else:
            game.apply(f"discard {game.hands[seat][0]}")
        game.apply("draw deck")


def finish_round_by_discarding(game: LostCities) -> None:
    """Both sides discard and draw from the deck until the round ends (expeditions stay as they are)."""
    start_round = game.round
    while not game.is_over and game.round == start_round:
        game.apply(f"discard {game.hands[game.to_move][0]}")
        game.apply("draw deck")
