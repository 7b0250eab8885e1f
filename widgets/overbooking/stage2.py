"""Stage 2 (OB-5) of one hotel as a still picture, step by step: one row per step with the hotel's
cards turned face up, the card acting in that step outlined, the fate of every card so far (booked,
does not fit, replaced) and the free beds before and after. Drawn from public events only (every
card is face up in stage 2), byte-stable for nbval.

    from widgets.overbooking.stage2 import stage_2_picture
    stage_2_picture(game, hotel=1)
"""

from __future__ import annotations

from kit.i18n import N_, Term, gettext, render
from kit.overbooking import Overbooking
from kit.overbooking.components import GUEST_NAMES, rule_words

from ..colours import ink_for
from ..svg import Picture, document, rect, text
from ..words import speaks
from .summary import stage_2

CARD_W, CARD_H, GAP, LEFT, ROW_H = 46, 52, 4, 10, 104
ACTING = {"stroke": "#ffb000", "extra": "stroke-width='4'"}  # the card acting in this step
FATE = {
    "book": (N_("✓ booked"), "#2b8a3e"),
    "no-room": (N_("✗ no room"), "#c92a2a"),
    "ability": (N_("★ ability"), "#5f3dc4"),
}


@speaks
def stage_2_picture(game: Overbooking, hotel: int = 1, rule: str | None = None) -> Picture:
    """The latest stage 2 of `hotel` (1 = the top hotel), one row per step. `rule` (a hotel rule
    such as "first:monk") names the hotel's rule where the log cannot (a scenario's own hotels)."""
    stage = stage_2(game.events_for(None))
    view = game.public_view()
    (revealed,) = [h for h in stage["hotels"] if h["hotel"] == hotel]
    steps = [s for s in stage["steps"] if s["hotel"] == hotel and s["kind"] != "reveal"]
    cards = [("back", c) for c in revealed["back"]] + [("queue", c) for c in revealed["queue"]]
    widths = _widths(cards)  # in the picture's language: the same for every row
    width = LEFT + 90 + len(cards) * _pitch(widths) + 40 + 170
    words = rule_words(rule) if rule else revealed["rule"]
    if words:
        title = render(
            N_("Hotel {hotel}: {beds} beds, {rule} — stage 2 step by step (OB-5)"),
            hotel=hotel,
            beds=revealed["beds"],
            rule=words,
        )
    else:
        title = render(
            N_("Hotel {hotel}: {beds} beds — stage 2 step by step (OB-5)"), hotel=hotel, beds=revealed["beds"]
        )
    body = [text(LEFT, 22, title, 14, weight="bold")]
    y = 36
    beds_of = game.components.beds  # guest type -> beds, from guests.csv
    turn_up = gettext("The hotel's cards turn face up (OB-5.1).")
    free = render(N_("{beds} beds free"), beds=revealed["beds"])
    body += _row(view, beds_of, cards, widths, [], None, y, free, turn_up)
    for number, step in enumerate(steps, 1):
        y += ROW_H
        beds = render(N_("free beds {before} → {after}"), before=step["beds_before"], after=step["beds_after"])
        caption = render(N_("step {number}: {text}"), number=number, text=step["text"])
        body += _row(view, beds_of, cards, widths, steps[:number], step, y, beds, caption)
    y += ROW_H
    return Picture(document(width, y, body, title), render(N_("Overbooking stage 2, hotel {hotel}"), hotel=hotel))


def _widths(cards) -> tuple[float, float]:
    """The cards' and the fate badges' width in the picture's language. The printed sizes hold the
    English words; a language whose words are longer (nb, pl, sv) gets room in proportion to its
    longest word, so that no name or label runs out of its card or badge."""
    shown = [name for _, card in cards for name in (_guest(card["card"].split("-")[1]), card["card"].split("-")[0])]
    english = [singular for singular, _ in GUEST_NAMES.values()] + shown
    worded = [format(Term(name)) for name in shown] or [""]
    card_w = CARD_W * max(1, max(map(len, worded)) / max(map(len, english)))
    labels = [label for label, _ in FATE.values()]
    longest = max(len(gettext(label)) for label in labels) / max(len(label) for label in labels)
    badge_w = max(card_w, CARD_W * max(1, longest)) + 4
    return card_w, badge_w


def _pitch(widths: tuple[float, float]) -> float:
    """From one card to the next (`_widths`' card and badge): room for the widest fate badge, so that
    badges never touch."""
    card_w, badge_w = widths
    return max(card_w, badge_w - 4) + GAP


def _row(view, beds_of, cards, widths, done, current, y, beds: str, caption: str) -> list[str]:
    parts = [text(LEFT, y + 14, caption, 11)]
    x = LEFT
    pitch = _pitch(widths)
    parts.append(text(x, y + 34, gettext("back door"), 9, fill="#6b5a44"))
    queue_x = LEFT + 90 + sum(1 for where, _ in cards if where == "back") * pitch + 20
    parts.append(text(queue_x, y + 34, gettext("booking queue (nearest the hotel first)"), 9, fill="#6b5a44"))
    x = LEFT + 90
    for where, card in cards:
        if where == "queue" and x < queue_x:
            x = queue_x
        parts += _card(view, beds_of, card, x, y + 40, done, current, widths)
        x += pitch
    parts.append(text(x + 20, y + 70, beds, 12, weight="bold"))
    return parts


def _card(view, beds_of: dict[str, int], card: dict[str, str], x: float, y: float, done, current, widths) -> list[str]:
    card_w, badge_w = widths
    owner = view["colours"].index(card["colour"])
    colour = view["colour_codes"][owner]
    ink = ink_for(colour)
    crest, kind = card["card"].split("-")
    mine = [s for s in done if s["card"] == card["card"] and view["colours"][s["player"]] == card["colour"]]
    acting = current is not None and current in mine
    beds = beds_of[kind]
    parts = [
        f"<g><title>{Term(card['colour'])} {Term(crest)} {Term(_guest(kind))}</title>",
        rect(x, y, card_w, CARD_H, colour, **(ACTING if acting else {})),
        text(x + card_w / 2, y + 20, beds, 16, "middle", "bold", ink),
        text(x + card_w / 2, y + 33, format(Term(_guest(kind))), 8, "middle", fill=ink),
        text(x + card_w / 2, y + 44, format(Term(crest)), 8, "middle", fill=ink),
        "</g>",
    ]
    if mine:
        label, fill = FATE[mine[-1]["kind"]]
        label = gettext(label)
        parts.append(rect(x + card_w / 2 - badge_w / 2, y + CARD_H + 2, badge_w, 13, fill, stroke=fill, radius=3))
        parts.append(text(x + card_w / 2, y + CARD_H + 12, label, 8, "middle", "bold", "#ffffff"))
    return parts


def _guest(kind: str) -> str:
    return GUEST_NAMES[kind][0] if kind in GUEST_NAMES else kind
