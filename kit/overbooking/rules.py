"""The rules of Overbooking as functions named after the rulebook's sections (OB-2 ... OB-8).

Stage 1 (OB-4) is played card by card; stage 2 (OB-5) runs by itself, hotel by hotel, and stops
only when a back-door ability needs its owner to choose between several targets; stage 3 (OB-7)
runs by itself. Events go to `game.log` as tuples of the `kit.core.events.Event` fields; each
booking step records the free beds before and after.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from kit.core.errors import IllegalAction
from kit.i18n import N_, Message, Term, language, render

from .actions import Hold, Place, Target
from .components import GUEST_NAMES, Guest, rule_code, rule_words

if TYPE_CHECKING:
    from .game import Overbooking


class Slot:
    """A card lying at a hotel, in its queue or at its back door."""

    __slots__ = ("card", "owner", "face_up")

    def __init__(self, card: Guest, owner: int, face_up: bool = False):
        self.card, self.owner, self.face_up = card, owner, face_up

    def copy(self) -> Slot:
        return Slot(self.card, self.owner, self.face_up)


class Hotel:
    """One hotel of the column: its tile and side, and the cards lying at it this round."""

    __slots__ = ("tile", "side", "beds", "rule", "queue", "back", "token", "sides_used", "limits")

    def __init__(self, tile: int, side: str, beds: int, rule: str, limits: tuple[int, int]):
        self.tile, self.side, self.beds, self.rule = tile, side, beds, rule
        self.limits = limits  # OB-4 stage-1 limits from the component files: (queue, back door)
        self.queue: list[Slot] = []  # index 0: the card next to the hotel
        self.back: list[Slot] = []  # index 0: the card nearest the hotel
        self.token = True
        self.sides_used = {side}

    @property
    def queue_limit(self) -> int:
        return 5 if self.rule == "queue_5" else self.limits[0]

    @property
    def back_door_limit(self) -> int:
        return self.limits[1]

    def copy(self) -> Hotel:
        other = Hotel(self.tile, self.side, self.beds, self.rule, self.limits)
        other.queue = [s.copy() for s in self.queue]
        other.back = [s.copy() for s in self.back]
        other.token, other.sides_used = self.token, set(self.sides_used)
        return other


# --------------------------------------------------------------------------- OB-2 Setup
def setup(game: Overbooking) -> None:
    """OB-2: a shuffled deck of 24 per player, 9 cards in hand; as many hotels as players, each on a
    random side (Decision), each with a point token at its back door."""
    c = game.components
    game.decks = [list(c.decks[colour]) for colour in game.colours]
    for deck in game.decks:
        game.chance.shuffle(deck)
    game.hands = [[] for _ in range(game.players)]
    for player in range(game.players):
        draw_up(game, player)
    game.tiles = sorted(c.hotels)
    game.chance.shuffle(game.tiles)
    game.hotels = [new_hotel(game) for _ in range(game.players)]
    game.tokens_left = c.point_tokens - game.players
    game.tokens = [0] * game.players
    game.booked = [[] for _ in range(game.players)]
    game.box: list[Guest] = []
    game.start = game.settings.first_player
    game.round = 0
    game.log.append(("OB-2", "setup", None, {"hotels": [_hotel_text(h) for h in game.hotels], "start": game.start}))
    start_round(game)


def new_hotel(game: Overbooking) -> Hotel:
    tile = game.tiles.pop()
    side = "A" if game.chance.below(2) == 0 else "B"
    info = game.components.hotels[tile][side]
    c = game.components
    return Hotel(tile, side, info.beds, info.rule, (c.queue_limit, c.back_door_limit))


def draw_up(game: Overbooking, player: int) -> None:
    """OB-2, OB-7: draw from your own deck back up to 9 cards."""
    hand, deck = game.hands[player], game.decks[player]
    while len(hand) < game.components.hand_size and deck:
        hand.append(deck.pop())
    hand.sort(key=game.card_order)


# ------------------------------------------------------------------- OB-3 A round
def start_round(game: Overbooking) -> None:
    game.round += 1
    game.stage = 1
    game.order = [(game.start + i) % game.players for i in range(game.players)]
    game.turn = 0  # stage 1: turn k is seat order[k % n] placing its (k // n + 1)-th card
    game.placed = [0] * game.players
    game.log.append(("OB-3", "round", None, {"round": game.round, "start": game.start}))
    next_placement(game)


# ------------------------------------------------------------------- OB-4 Stage 1
def place(game: Overbooking, action: Place) -> None:
    """OB-4: place one card face down in a hotel's queue or at its back door."""
    player = _expect_stage(game, 1, N_("place a card"))
    card = game.card_in_hand(player, action.card)
    if card is None:
        raise IllegalAction("OB-4", "player {player} has no {card} in hand", player=player, card=action.card)
    if not 1 <= action.hotel <= len(game.hotels):
        raise IllegalAction(
            "OB-4", "there is no hotel {hotel} (hotels 1 to {hotels})", hotel=action.hotel, hotels=len(game.hotels)
        )
    hotel = game.hotels[action.hotel - 1]
    problem = placement_problem(hotel, card, action.where)
    if problem:
        raise IllegalAction(*problem)
    game.hands[player].remove(card)
    slot = Slot(card, player, face_up=action.where == "queue" and hotel.rule == "face_up")
    public = {"where": action.where, "hotel": action.hotel, "crest": card.crest, "size": card.size}
    if slot.face_up:
        public["card"] = card.key
    if action.where == "queue":
        hotel.queue.append(slot)
    else:
        hotel.back.append(slot)
    game.placed[player] += 1
    game.log.append(("OB-4", "place", player, public, {"card": card.key}, (player,)))
    if action.where == "back" and hotel.token:
        hotel.token = False
        game.tokens[player] += 1
        game.log.append(("OB-4", "token", player, {"hotel": action.hotel}))
    game.turn += 1
    next_placement(game)


def placement_problem(hotel: Hotel, card: Guest, where: str) -> tuple[str, Message] | None:
    """Why `card` may not go to `where` at `hotel` in stage 1 (OB-4 limits, OB-6 hotel rules)."""
    if where == "back":
        if len(hotel.back) >= hotel.back_door_limit:
            return "OB-4", Message("a back door holds at most {limit} cards", limit=hotel.back_door_limit)
        return None
    if len(hotel.queue) >= hotel.queue_limit:
        return "OB-4", Message("this hotel's queue is full ({limit} cards in stage 1)", limit=hotel.queue_limit)
    rule = hotel.rule
    if rule == "two_crests" and len({s.card.crest for s in hotel.queue} | {card.crest}) > 2:
        return "OB-6", Message("at most two different crests may queue at this hotel")
    if rule == "small_only" and card.size != "small":
        return "OB-6", Message("only small cards (1-3) may queue at this hotel")
    if rule == "large_only" and card.size != "large":
        return "OB-6", Message("only large cards (4-6) may queue at this hotel")
    if rule.startswith("no:") and card.kind == rule[3:]:
        return "OB-6", Message(
            "no {guests} may queue at this hotel (checked against the real card)", guests=guest_names(rule[3:])
        )
    return None


def hold(game: Overbooking, action: Hold) -> None:
    """OB-4: the last player in turn order may keep their fifth card."""
    player = _expect_stage(game, 1, N_("hold a card"))
    if not may_hold(game, player):
        raise IllegalAction("OB-4", "only the last player in turn order may keep their fifth card")
    game.log.append(("OB-4", "hold", player, {}))
    game.turn += 1
    next_placement(game)


def may_hold(game: Overbooking, player: int) -> bool:
    """OB-4: on the last pass around the table, the last player in turn order may keep their card."""
    last_pass = game.turn // game.players == game.components.cards_per_round - 1
    return last_pass and player == game.order[-1]


def can_place(game: Overbooking, player: int) -> bool:
    return any(
        placement_problem(hotel, card, where) is None
        for card in game.hands[player]
        for hotel in game.hotels
        for where in ("queue", "back")
    )


def next_placement(game: Overbooking) -> None:
    """Find who places next; Decision (OB-4): a player with no legal placement places nothing."""
    n, per_round = game.players, game.components.cards_per_round
    while game.turn < n * per_round:
        player = game.order[game.turn % n]
        if game.hands[player] and can_place(game, player):
            game.to_move = player
            return
        game.log.append(("OB-4", "no-placement", player, {}))
        game.turn += 1
    start_stage2(game)


# ------------------------------------------------------------------- OB-5 Stage 2
def start_stage2(game: Overbooking) -> None:
    game.stage = 2
    game.checking = 0  # index of the hotel being checked
    game.pending = None  # (kind, door slot, targets) awaiting its owner's choice
    game.log.append(("OB-5", "stage-2", None, {}))
    _begin_hotel(game)


def _begin_hotel(game: Overbooking) -> None:
    if game.checking >= len(game.hotels):
        end_of_round(game)
        return
    hotel = game.hotels[game.checking]
    for slot in hotel.queue + hotel.back:
        slot.face_up = True
    game.free = hotel.beds
    game.priority = []
    game.door = list(hotel.back)
    game.log.append(
        (
            "OB-5.1",
            "reveal",
            None,
            {
                "hotel": game.checking + 1,
                "beds": hotel.beds,
                "hotel_rule": hotel.rule,
                "queue": [s.card.key + "/" + game.colours[s.owner] for s in hotel.queue],
                "back": [s.card.key + "/" + game.colours[s.owner] for s in hotel.back],
            },
        )
    )
    _resolve_doors(game)


def _resolve_doors(game: Overbooking) -> None:
    """OB-5.2: the back-door cards, nearest first; stop for a choice between several targets."""
    hotel = game.hotels[game.checking]
    while game.door:
        slot = game.door[0]
        kind = slot.card.kind
        targets = ability_targets(hotel, slot)
        if targets is not None and len(targets) > 1:
            game.pending = (kind, slot, targets)
            game.to_move = slot.owner
            return
        game.door.pop(0)
        _use_ability(game, hotel, slot, targets[0] if targets else None)
    book(game, hotel)
    game.checking += 1
    _begin_hotel(game)


def ability_targets(hotel: Hotel, slot: Slot) -> list[int] | None:
    """Queue positions a maid, noble or worker may choose (None for abilities without a target)."""
    kind = slot.card.kind
    if kind in ("maid", "noble"):
        return [i for i, s in enumerate(hotel.queue) if s.owner == slot.owner]
    if kind == "worker":
        return [i for i, s in enumerate(hotel.queue) if s.card.beds == 6]
    return None


def _use_ability(game: Overbooking, hotel: Hotel, slot: Slot, target: int | None) -> None:
    kind, before, number = slot.card.kind, game.free, game.checking + 1
    data = {"hotel": number, "card": slot.card.key, "beds_before": before}
    if kind == "monk":  # move to the end of the queue
        hotel.back.remove(slot)
        hotel.queue.append(slot)
        text = "moves to the end of the queue"
    elif kind == "merchant":
        game.free += game.components.bed_change
        text = f"adds {game.components.bed_change} free beds"
    elif kind == "soldier":
        game.free = max(0, game.free - game.components.bed_change)  # Decision: never below 0
        text = f"takes {game.components.bed_change} free beds away"
    elif target is None:
        text = "has no target and does nothing"
    elif kind == "noble":
        game.priority.append(hotel.queue[target])
        text = f"gives priority to {hotel.queue[target].card.key} (position {target + 1})"
    else:  # maid or worker: replace the target, which goes to the box
        replaced = hotel.queue[target]
        hotel.back.remove(slot)
        hotel.queue[target] = slot
        game.box.append(replaced.card)
        if replaced in game.priority:  # Decision: the newcomer does not inherit a noble's priority
            game.priority.remove(replaced)
        text = f"replaces {replaced.card.key} of {game.colours[replaced.owner]} (position {target + 1})"
    data.update(beds_after=game.free, effect=text)
    game.log.append(("OB-5.2", "ability", slot.owner, data))


# An ability's effect as logged (the engine's English) and in the reader's language
_EFFECTS = (
    (re.compile(r"moves to the end of the queue"), N_("moves to the end of the queue")),
    (re.compile(r"adds (?P<beds>\d+) free beds"), N_("adds {beds} free beds")),
    (re.compile(r"takes (?P<beds>\d+) free beds away"), N_("takes {beds} free beds away")),
    (re.compile(r"has no target and does nothing"), N_("has no target and does nothing")),
    (
        re.compile(r"gives priority to (?P<card>\S+) \(position (?P<position>\d+)\)"),
        N_("gives priority to {card} (position {position})"),
    ),
    (
        re.compile(r"replaces (?P<card>\S+) of (?P<colour>\S+) \(position (?P<position>\d+)\)"),
        N_("replaces {card} of {colour} (position {position})"),
    ),
)
_HOTEL_TEXT = re.compile(r"tile (?P<tile>\d+)(?P<side>\w): (?P<beds>\d+) beds, (?P<rule>.*)")


def effect_words(effect: str) -> str:
    """An ability's logged effect ("adds 3 free beds") as the reader's language says it."""
    for pattern, template in _EFFECTS:
        found = pattern.fullmatch(effect)
        if found:
            params = found.groupdict()
            if "colour" in params:
                params["colour"] = Term(params["colour"])
            if "card" in params:
                params["card"] = card_words(params["card"])
            return render(template, **params)
    return effect


def hotel_words(text: str) -> str:
    """A hotel as logged ("tile 1A: 13 beds, no special rule") in the reader's language."""
    found = _HOTEL_TEXT.fullmatch(text)
    rule = found and rule_code(found["rule"])
    if rule is None:
        return text
    return render(
        N_("tile {tile}{side}: {beds} beds, {rule}"),
        tile=found["tile"],
        side=found["side"],
        beds=found["beds"],
        rule=rule_words(rule),
    )


def target(game: Overbooking, action: Target) -> None:
    """OB-5.2 Decision: the owner of a maid, noble or worker chooses among several targets."""
    _expect_stage(game, 2, N_("choose a target"))
    kind, slot, targets = game.pending
    position = action.position - 1
    if position not in targets:
        allowed = ", ".join(str(t + 1) for t in targets)
        raise IllegalAction(
            "OB-5",
            "your {guest} may target queue position {allowed}, not {position}",
            guest=guest_name(kind),
            allowed=allowed,
            position=action.position,
        )
    game.pending = None
    game.door.pop(0)
    _use_ability(game, game.hotels[game.checking], slot, position)
    _resolve_doors(game)


def booking_order(game: Overbooking, hotel: Hotel) -> list[Slot]:
    """OB-5.3: nobles' choices (in back-door order), then the hotel's "X book first", then the rest
    from 6 down to 1; between equal numbers (and within a priority) the card nearer the hotel."""
    queue = hotel.queue
    order: list[Slot] = []
    for slot in game.priority:  # two nobles may pick the same card: it still books once
        if slot in queue and slot not in order:
            order.append(slot)
    if hotel.rule.startswith("first:"):
        order += [s for s in queue if s.card.kind == hotel.rule[6:] and s not in order]
    rest = [s for s in queue if s not in order]
    rest.sort(key=lambda s: (-s.card.beds, queue.index(s)))
    return order + rest


def book(game: Overbooking, hotel: Hotel) -> None:
    """OB-5.3/5.4: each card books if the free beds suffice; booked cards go to their owners,
    the rest (and the back-door cards left) to the box."""
    number = game.checking + 1
    for slot in booking_order(game, hotel):
        before = game.free
        fits = slot.card.beds <= game.free
        if fits:
            game.free -= slot.card.beds
            game.booked[slot.owner].append(slot.card)
        else:
            game.box.append(slot.card)
        game.log.append(
            (
                "OB-5.3",
                "book" if fits else "no-room",
                slot.owner,
                {
                    "hotel": number,
                    "card": slot.card.key,
                    "beds": slot.card.beds,
                    "beds_before": before,
                    "beds_after": game.free,
                },
            )
        )
    for slot in hotel.back:
        game.box.append(slot.card)
    hotel.queue, hotel.back = [], []


# ------------------------------------------------------------------- OB-7 Stage 3
def end_of_round(game: Overbooking) -> None:
    if game.round >= game.components.rounds:
        end_of_game(game)
        return
    prepare_next_round(game)
    start_round(game)


def prepare_next_round(game: Overbooking) -> None:
    """OB-7: draw back up to 9; turn each hotel tile, replacing one used on both sides; refill the
    point tokens (Decision: while they last); the start-player marker moves one seat clockwise."""
    game.stage = 3
    for player in range(game.players):
        draw_up(game, player)
    for index, hotel in enumerate(game.hotels):
        if hotel.sides_used == {"A", "B"} and game.tiles:
            token = hotel.token
            game.hotels[index] = hotel = new_hotel(game)
            hotel.token = token
        else:
            side = "B" if hotel.side == "A" else "A"
            info = game.components.hotels[hotel.tile][side]
            hotel.side, hotel.beds, hotel.rule = side, info.beds, info.rule
            hotel.sides_used.add(side)
        if not hotel.token and game.tokens_left:
            hotel.token = True
            game.tokens_left -= 1
    game.start = (game.start + 1) % game.players
    game.log.append(("OB-7", "prepare", None, {"hotels": [_hotel_text(h) for h in game.hotels], "start": game.start}))


# ------------------------------------------------------------------- OB-8 End
def end_of_game(game: Overbooking) -> None:
    game.stage, game.is_over, game.to_move = 4, True, None
    game.log.append(("OB-8", "end", None, {"scores": game.scores(), "winners": game.winners()}))


# ---------------------------------------------------------------------------- helpers
def _expect_stage(game: Overbooking, stage: int, what: str) -> int:
    if game.is_over:
        raise IllegalAction("OB-8", "the game is over")
    if game.stage != stage:
        rule = "OB-4" if game.stage == 1 else "OB-5"
        raise IllegalAction(rule, "you cannot {what} now: it is stage {stage}", what=Term(what), stage=game.stage)
    return game.to_move


def guest_name(kind: str) -> Term:
    """A guest's name ("monk"), translated where it is read."""
    return Term(GUEST_NAMES[kind][0] if kind in GUEST_NAMES else kind)


def crest_name(crest: str) -> Term:
    """A crest's name ("bird"), translated where it is read."""
    return Term(crest)


def guest_names(kind: str) -> Term:
    """Several guests' name ("monks"), translated where it is read."""
    return Term(GUEST_NAMES[kind][1] if kind in GUEST_NAMES else f"{kind}s")


def _hotel_text(hotel: Hotel) -> str:
    """A hotel as the log keeps it: the engine's English, whatever the reader's language
    (`hotel_words` says it in theirs)."""
    with language("en"):
        return f"tile {hotel.tile}{hotel.side}: {hotel.beds} beds, {rule_words(hotel.rule)}"


MOVES = {Place: place, Hold: hold, Target: target}


def card_words(code: str) -> str:
    """A guest card as the log writes it ("bird-maid", with its owner "bird-maid/red") in the
    learner's words: the guest and the crest (and the owner's colour)."""
    card, _, colour = code.partition("/")
    crest, _, kind = card.partition("-")
    if not kind:  # not a card's code: say it as it is
        return code
    if colour:
        return render(N_("{guest} ({crest}, {colour})"), guest=guest_name(kind), crest=Term(crest), colour=Term(colour))
    return render(N_("{guest} ({crest})"), guest=guest_name(kind), crest=Term(crest))
