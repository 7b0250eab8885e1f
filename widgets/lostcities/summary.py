"""The Lost Cities end-of-round screen: each side's expeditions scored step by step, as LC-5 says —
the sum of the number cards, minus 20, times (1 + investment cards), plus 20 for 8 or more cards.
Expeditions lie face up, so everything here is public."""

from __future__ import annotations

from typing import Any

from kit.i18n import N_, Term, gettext, render
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
    next_round = render(N_("Continue to round {round}"), round=end["round"] + 1)
    over = game.is_over
    return {
        "title": render(N_("Round {round} of {rounds} is over (LC-5)"), round=end["round"], rounds=table["rounds"]),
        "round": end["round"],  # the round on show (the engine has already dealt the next one)
        "tables": tables,
        "lines": [
            render(
                N_(
                    "An expedition never started scores 0. Each started one: (sum of its numbers − {cost}) × "
                    "(1 + its investment cards), then +{bonus} if it holds {cards} or more cards."
                ),
                cost=COST,
                bonus=BONUS,
                cards=BONUS_CARDS,
            ),
            render(N_("Match totals: {totals}."), totals=totals),
        ],
        "button": gettext("See the final result") if over else next_round,
    }


def _side_name(view: dict[str, Any], side: int) -> str:
    seats = view["teams"][side]
    if len(seats) == 1:
        return render(N_("Player {seat}"), seat=seats[0])
    return render(N_("Team {side} (seats {seats})"), side=side, seats=" & ".join(map(str, seats)))


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
            [
                format(Term(info["name"])),
                " ".join(cards),
                numbers,
                numbers - COST,
                f"×{1 + investments}",
                bonus,
                f"{score:+d}",
            ]
        )
    if not rows:
        rows.append([gettext("(no expedition started)"), "", "", "", "", "", "0"])
    rows.append([gettext("round score"), "", "", "", "", "", f"{round_score:+d}"])
    return {
        "caption": render(N_("{side}: {score} this round"), side=_side_name(view, side), score=f"{round_score:+d}"),
        "header": [
            gettext("expedition"),
            gettext("cards"),
            gettext("sum"),
            f"− {COST}",
            gettext("× (1 + investments)"),
            render(N_("bonus ({cards}+ cards)"), cards=BONUS_CARDS),
            gettext("score"),
        ],
        "rows": rows,
        "total": True,
    }
