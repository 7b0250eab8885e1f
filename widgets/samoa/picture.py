"""A still SVG picture of a Samoa view: the flag row, the arrivals, the tiles on offer, the price
cards, every hotel and (for a player's view) their hand and money. Byte-stable for nbval."""

from __future__ import annotations

from typing import Any

from kit.samoa import Samoa

from ..colours import ink_for
from ..svg import Picture, attr, document, rect, text, title

ICONS = {"plain": "", "rich": "$$", "lovers": "♥", "celebrity": "★", "bather": "≈"}
WIDTH = 720


def picture(game: Samoa, viewer: int | None = None) -> Picture:
    """The teaching view (viewer None: every hand and purse) or what `viewer` may see."""
    view = game.open_view() if viewer is None else game.view(viewer)
    return Picture(svg(view), "Samoa picture")


def _tourist(view: dict[str, Any], label: str, x: float, y: float, radius: int = 12) -> str:
    nationality, kind, *ring = label.split()
    colour = view["nationality_colours"][nationality]
    icon = f"≈{ring[0]}" if kind == "bather" and ring else ICONS.get(kind, "")
    ink = ink_for(colour)
    return (
        f"<g>{title(label)}<circle cx='{x:g}' cy='{y:g}' r='{radius}' fill='{attr(colour)}' stroke='#333'/>"
        + text(x, y - 1, nationality, size=9, anchor="middle", weight="bold", fill=ink)
        + text(x, y + 9, icon, size=8, anchor="middle", fill=ink)
        + "</g>"
    )


def svg(view: dict[str, Any]) -> str:
    body = []
    phase = {
        "choose": "choosing price cards",
        "swap": "swap tiles",
        "build": "building phase",
        "tourists": "tourist phase",
        "over": "game over",
    }[view["phase"]]
    nation = view["nationalities"][view["nationality"]]
    body.append(
        text(10, 22, f"Samoa · round {view['round']} of {view['rounds']} · {nation} · {phase}", 14, weight="bold")
    )
    for index, nationality in enumerate(view["flags"]):
        x, round_ = 10 + index * 38, index + 1
        colour = view["nationality_colours"][nationality]
        stroke = "#000" if round_ == view["round"] else "#777"
        opacity = " opacity='0.45'" if round_ < view["round"] else ""
        body.append(
            f"<g{opacity}>"
            + rect(x, 32, 34, 22, colour, stroke, 3)
            + text(x + 17, 47, f"{nationality}{round_}", 10, "middle", "bold", ink_for(colour))
            + "</g>"
        )
        if round_ in view["doubled_rounds"]:
            body.append(text(x + 30, 31, "2X", 9, "middle", "bold", "#8a1c12"))
    y = 76
    body.append(text(10, y, f"Tourists arriving (card {view['tourist_card']})", 12, weight="bold"))
    for g, group in enumerate(view["groups"]):
        y += 28
        body.append(text(10, y + 4, f"group {g + 1}", 11))
        for t, label in enumerate(group):
            body.append(_tourist(view, label, 80 + t * 28, y))
    offer = ", ".join(k.replace("_", " ") for k in view["offer"]) or "none"
    y += 30
    body.append(text(10, y, f"Building tiles on offer: {offer} ({view['building_deck']} face down)", 12))
    y += 22
    cards = []
    for p in range(view["players"]):
        shown = view["played"][p] or (view.get("chosen") or [None] * view["players"])[p]
        if shown is None and p == view["viewer"]:
            shown = view["my_card"]
        cards.append(f"P{p}: {shown or ('chosen' if view['has_chosen'][p] else '…')}")
    tie = f"tie card: hammer → P{view['tie_card']['hammer']}, suitcase → P{view['tie_card']['suitcase']}"
    body.append(text(10, y, "Price cards  " + "   ".join(cards) + f"   ({tie})", 11))
    y += 14
    room_w, room_h = 34, 30
    for p, hotel in enumerate(view["hotels"]):
        column, row = p % 3, p // 3
        hx, hy = 10 + column * 236, y + 10 + row * 104
        guests = sum(len(r) for r in hotel["rooms"])
        extras = [f"{hotel['pools']} pool(s)"] if hotel["pools"] else []
        extras += [k.replace("_", " ") for k in hotel["specials"]]
        label = f"P{p} hotel · {guests} guest(s)" + (f" · {', '.join(extras)}" if extras else "")
        body.append(text(hx, hy + 10, label, 10, weight="bold"))
        for room, occupants in enumerate(hotel["rooms"]):
            if room < hotel["board_rooms"]:
                r, c = divmod(room, hotel["columns"])
                rx, ry = hx + c * (room_w + 3), hy + 16 + r * (room_h + 3)
            else:
                rx, ry = hx + (hotel["columns"] + room - hotel["board_rooms"]) * (room_w + 3) + 6, hy + 16
            fill = "#f6d6ea" if room + 1 in hotel["suites"] else "#ffffff"
            body.append(rect(rx, ry, room_w, room_h, fill, "#b79a5d", 3))
            for i, label in enumerate(occupants):
                body.append(_tourist(view, label, rx + 10 + i * 14, ry + room_h / 2, 9))
    rows = (view["players"] + 2) // 3
    y += 10 + rows * 104
    if view["open"]:
        money = ", ".join(f"P{p} {m}" for p, m in enumerate(view["money_all"]))
        body.append(text(10, y, f"Open teaching view — money: {money}", 11, weight="bold"))
        y += 16
        for p, hand in enumerate(view["hands"]):
            body.append(text(10, y, f"P{p} hand: {' '.join(hand)}", 10))
            y += 14
    elif view["viewer"] is not None:
        body.append(
            text(
                10,
                y,
                f"Your hand (P{view['viewer']}, {view['money']} Tala): {' '.join(view['hand'])}",
                11,
                weight="bold",
            )
        )
        y += 16
    return document(WIDTH, y + 6, body, "Samoa board", background="#f3e3bd")
