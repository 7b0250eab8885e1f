"""A still SVG picture of an Overbooking view: the hotel column with each back door and queue, the
backs of face-down cards (colour, crest, size), and the viewer's hand. Byte-stable for nbval."""

from __future__ import annotations

from typing import Any

from kit.overbooking import Overbooking
from kit.overbooking.components import rule_words

from ..colours import ink_for
from ..svg import Picture, document, rect, text, title

WIDTH, CARD_W, CARD_H = 700, 40, 50
#: why everyone starts below zero on the advanced score card (OB-8)
ADVANCED_START = "Advanced score card: −2 for each family with no booked guest, so everyone starts at −8 (OB-8)."


def picture(game: Overbooking, viewer: int | None = None) -> Picture:
    """The teaching view (viewer None: every card face up) or what `viewer` may see."""
    view = game.open_view() if viewer is None else game.view(viewer)
    return Picture(svg(view), "Overbooking picture")


def _card(view: dict[str, Any], slot: dict[str, Any], x: float, y: float) -> str:
    colour = view["colour_codes"][slot["owner"]]
    if "card" in slot:
        ink = ink_for(colour)
        return (
            "<g>"
            + title(f"{slot['colour']} {slot['crest']} {slot['kind']}")
            + rect(x, y, CARD_W, CARD_H, colour)
            + text(x + CARD_W / 2, y + 20, slot["beds"], 16, "middle", "bold", ink)
            + text(x + CARD_W / 2, y + 33, slot["kind"], 8, "middle", fill=ink)
            + text(x + CARD_W / 2, y + 44, slot["crest"], 8, "middle", fill=ink)
            + "</g>"
        )
    size = "S" if slot["size"] == "small" else "L"
    return (
        "<g>"
        + title(f"{slot['colour']}: face down, {slot['crest']}, {slot['size']}")
        + rect(x, y, CARD_W, CARD_H, colour, extra="fill-opacity='0.55' stroke-dasharray='3 2'")
        + text(x + CARD_W / 2, y + 24, size, 16, "middle", "bold", "#ffffff")
        + text(x + CARD_W / 2, y + 42, slot["crest"], 8, "middle", fill="#ffffff")
        + "</g>"
    )


def svg(view: dict[str, Any]) -> str:
    body = []
    stage = {1: "stage 1: placing cards", 2: "stage 2: checking bookings", 3: "stage 3", 4: "game over"}[view["stage"]]
    body.append(text(10, 22, f"Overbooking · round {view['round']} of {view['rounds']} · {stage}", 14, weight="bold"))
    y = 36
    for number, hotel in enumerate(view["hotels"], 1):
        body.append(text(10, y + 12, "back door", 9, fill="#6b5a44"))
        for i, slot in enumerate(reversed(hotel["back"])):
            body.append(_card(view, slot, 10 + i * (CARD_W + 4), y + 16))
        body.append(rect(110, y + 6, 160, 60, "#fffaf2", "#8d6e4a", 6))
        body.append(text(118, y + 22, f"hotel {number} · {hotel['beds']} beds", 12, weight="bold"))
        body.append(text(118, y + 38, rule_words(hotel["rule"]), 10))
        body.append(text(118, y + 54, "point token waiting" if hotel["token"] else "token taken", 9, fill="#6b5a44"))
        body.append(text(280, y + 12, "booking queue", 9, fill="#6b5a44"))
        for i, slot in enumerate(hotel["queue"]):
            body.append(_card(view, slot, 280 + i * (CARD_W + 4), y + 16))
        y += 76
    scores = " · ".join(
        f"P{p} {c}: {s} point{'' if abs(s) == 1 else 's'}, {len(b)} booked"
        for p, (c, s, b) in enumerate(zip(view["colours"], view["scores"], view["booked"]))
    )
    body.append(text(10, y + 10, scores, 11))
    y += 22
    if view["score_card"] == "advanced":
        body.append(text(10, y + 8, ADVANCED_START, 10, fill="#6b5a44"))
        y += 18
    hands = (
        [(p, h) for p, h in enumerate(view["hands"])]
        if view["open"]
        else ([(view["viewer"], view["hand"])] if view["viewer"] is not None else [])
    )
    for player, hand in hands:
        body.append(
            text(
                10,
                y + 12,
                f"{'Hand' if view['open'] else 'Your hand'} of P{player} ({view['colours'][player]}): "
                + " ".join(hand),
                10,
            )
        )
        y += 16
    if view["open"]:
        body.append(text(10, y + 12, "Open teaching view: every card is shown face up.", 10, weight="bold"))
        y += 16
    return document(WIDTH, y + 8, body, "Overbooking board", background="#f4efe6")
