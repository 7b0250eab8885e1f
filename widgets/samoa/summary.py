"""The Samoa end-of-round screen (SA-3.6): what each hotel was paid, what became of the price
cards, where the tie card went. A payout is secret to its hotel: the screen shows the reader's own
sum and, for the others, only that they were paid."""

from __future__ import annotations

from typing import Any

from kit.samoa import Samoa

SHOWN = ("card", "tie-card", "leave", "end")


def end_of_round(game: Samoa, events: list[dict[str, Any]]) -> dict[str, Any]:
    payouts = [event for event in events if event["kind"] == "payout"]
    if not payouts:
        return {}
    rounds = [event["round"] for event in events if event["kind"] == "round"]
    finished = rounds[-1] - 1 if rounds else game.round  # a new round may already have begun
    paid = {event["player"]: event.get("earned") for event in payouts}
    rows = []
    for player in range(game.settings.players):
        if player not in paid:
            rows.append([f"player {player}", "nothing: no new guests"])
        else:
            rows.append([f"player {player}", "secret (SA-3.6)" if paid[player] is None else f"{paid[player]} Tala"])
    lines = [event["text"] for event in events if event["kind"] in SHOWN]
    return {
        "title": f"Round {finished} is over: payouts (SA-3.6)",
        "tables": [{"caption": "Paid for the guests in each hotel", "header": ["player", "paid"], "rows": rows}],
        "lines": lines,
        "button": "See the final result" if game.is_over else "Continue to the next round",
    }
