"""The Lost Cities end-of-round screen: each side's expeditions scored step by step, as LC-5 says —
the sum of the number cards, minus 20, times (1 + investment cards), plus 20 for 8 or more cards.
Expeditions lie face up, so everything here is public."""

from __future__ import annotations

from typing import Any

from kit.lostcities import LostCities
from kit.lostcities.scoring import BONUS, BONUS_CARDS, COST


def end_of_round(game: LostCities, events: list[dict[str, Any]]) -> dict[str, Any]:
    ends = [event for event in events if event["kind"] == "score"]
    if not ends:
        return {}
    end = ends[-1]
    # the round's last action is a draw from the draw pile, which leaves the expeditions as they
    # were: the table just before it is the table that was scored
    table = type(game).replay(game.settings, game.history[:-1]).public_view()
    tables = [_side_table(table, side, end["scores"][side]) for side in range(len(table["teams"]))]
    totals = ", ".join(f"{_side_name(table, side)} {total}" for side, total in enumerate(end["totals"]))
    over = game.is_over
    return {
        "title": f"Round {end['round']} of {table['rounds']} is over (LC-5)",
        "round": end["round"],  # the round on show (the engine has already dealt the next one)
        "tables": tables,
        "lines": [
            "An expedition never started scores 0. Each started one: (sum of its numbers − 20) × (1 + its "
            f"investment cards), then +{BONUS} if it holds {BONUS_CARDS} or more cards.",
            f"Match totals: {totals}.",
        ],
        "button": "See the final result" if over else f"Continue to round {end['round'] + 1}",
    }


def _side_name(view: dict[str, Any], side: int) -> str:
    seats = view["teams"][side]
    return f"Player {seats[0]}" if len(seats) == 1 else f"Team {side} (seats {' & '.join(map(str, seats))})"


def _side_table(view: dict[str, Any], side: int, round_score: int) -> dict[str, Any]:
    rows = []
    for index, info in enumerate(view["legend"]):
        cards = view["expeditions"][side][info["key"]]
        if not cards:
            continue
        numbers = sum(int(key[1:]) for key in cards if key[1:] != "x")
        investments = sum(key[1:] == "x" for key in cards)
        bonus = f"+{BONUS}" if len(cards) >= BONUS_CARDS else ""
        score = view["expedition_scores"][side][index]
        rows.append(
            [info["name"], " ".join(cards), numbers, numbers - COST, f"×{1 + investments}", bonus, f"{score:+d}"]
        )
    if not rows:
        rows.append(["(no expedition started)", "", "", "", "", "", "0"])
    rows.append(["round score", "", "", "", "", "", f"{round_score:+d}"])
    return {
        "caption": f"{_side_name(view, side)}: {round_score:+d} this round",
        "header": [
            "expedition",
            "cards",
            "sum",
            f"− {COST}",
            "× (1 + investments)",
            f"bonus ({BONUS_CARDS}+ cards)",
            "score",
        ],
        "rows": rows,
        "total": True,
    }
