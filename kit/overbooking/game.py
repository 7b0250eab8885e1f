"""Overbooking (Filippo Landini): 2 to 4 players book groups of guests into hotels, 4 rounds.

    >>> from kit.overbooking import Overbooking
    >>> game = Overbooking(players=3, seed=1)
    >>> len(game.hands[0]), game.current_player
    (9, 0)
    >>> sorted({str(action).split()[0] for action in game.legal_actions()})   # a card face down (OB-4)
    ['back', 'queue']
    >>> game.apply(game.legal_actions()[0])      # then the next player places one
    >>> game.current_player
    1

Rules: `shared/rules/overbooking.md` (OB-1 ... OB-8); the stages are functions in `rules.py`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from kit.core import Chance, Game, IllegalAction, InvariantBroken, Settings, interned, register
from kit.core.errors import SetupRefused
from kit.core.events import Subject, final_scores_in_words
from kit.core.game import is_whole, listed, lost_or_duplicated, short
from kit.i18n import N_, Message, Plural, Term, gettext, render

from . import rules
from .actions import Action, Hold, Place, Target, parse
from .components import HOTEL_RULES, Components, Guest, load_components, rule_message
from .playouts import FAST_PATH
from .rules import Hotel, Slot

SCORE_CARDS = (None, "beginner", "advanced")


@dataclass(frozen=True)
class OverbookingSettings(Settings):
    """players: 2 to 4 (colours red, blue, green, orange by seat). first_player: who starts (OB-2
    Decision: a parameter, default 0). score_card: None (a first game), "beginner" or "advanced"."""

    players: int = 3
    seed: int = 0
    first_player: int = 0
    score_card: str | None = None
    components: str | None = None
    scenario: dict | None = None  # a prearranged position for lessons and tests: see apply_scenario

    player_counts = (2, 3, 4)
    player_counts_text = N_("2 to 4 players")

    def __post_init__(self):
        super().__post_init__()
        self.check_seat("first_player", self.first_player)
        if self.score_card not in SCORE_CARDS:
            raise SetupRefused(
                "OB-8", "score_card must be None, 'beginner' or 'advanced', not {card}", card=short(self.score_card)
            )
        self.check_folder("components", self.components)
        if self.scenario is not None and not isinstance(self.scenario, dict):
            raise SetupRefused(
                None,
                "scenario must be None or a dict (see apply_scenario), not {scenario}",
                scenario=short(self.scenario),
            )


def apply_scenario(game: Overbooking, scenario: dict[str, Any]) -> None:
    """Lay chosen cards at the hotels of round 1, for lessons and tests, then go on from there.

        {"hotels": [{"beds": 13, "rule": "none", "queue": [["orange", "bird-soldier"], ...],
                     "back": [["orange", "fish-noble"]]}, ...],
         "hands": {"red": ["bird-monk", ...]},   # the 9 cards a player then holds (optional)
         "check": True}     # go straight to stage 2 (OB-5) and check the bookings

    Each named card is taken from its owner's hand or deck, so all 96 cards stay accounted for; the
    first hotels of the column take the given beds and rule (their tiles stay as drawn). A player
    given a hand holds exactly those cards once the hotels' cards are laid out; the rest of their
    cards stay in their deck.
    """
    check_scenario(game, scenario)
    hands = scenario.get("hands", {})
    for colour in hands:  # the whole hand goes back first: the hotels and the hand may name any card
        owner = game.colours.index(colour)
        game.decks[owner][:0] = game.hands[owner]
        game.hands[owner] = []
    for hotel, spec in zip(game.hotels, scenario.get("hotels", [])):
        hotel.beds = spec.get("beds", hotel.beds)
        hotel.rule = spec.get("rule", hotel.rule)
        for where in ("queue", "back"):
            for colour, key in spec.get(where, []):
                if colour not in game.colours:
                    raise SetupRefused(
                        None,
                        "no {colour} player in a {players}-player game",
                        colour=short(colour),
                        players=game.players,
                    )
                owner = game.colours.index(colour)
                for pile in (game.hands[owner], game.decks[owner]):
                    card = next((c for c in pile if c.key == key), None)
                    if card is not None:
                        pile.remove(card)
                        break
                else:
                    raise SetupRefused(
                        "OB-1", "{colour} has no {card} left to lay out", colour=Term(colour), card=short(key)
                    )
                getattr(hotel, where).append(Slot(card, owner))
    for colour, keys in hands.items():
        owner = game.colours.index(colour)
        deck = game.decks[owner]
        for key in keys:
            card = next(c for c in deck if c.key == key)  # checked: not laid out, so in the deck
            deck.remove(card)
            game.hands[owner].append(card)
    for player in range(game.players):
        rules.draw_up(game, player)
    game.log.append(("OB-2", "scenario", None, {"scenario": sorted(scenario)}))
    if scenario.get("check"):
        rules.start_stage2(game)
    else:  # the laid-out cards may leave the player to move no legal placement (OB-4 Decision)
        rules.next_placement(game)
    try:
        game.check_invariants()
    except InvariantBroken as error:
        raise SetupRefused.never_reached(error) from None


SCENARIO_KEYS = ("hotels", "hands", "check")
SCENARIO_HOTEL_KEYS = ("beds", "rule", "queue", "back")
MAX_BEDS = 99


def check_scenario(game: Overbooking, scenario: Any) -> None:
    """Every value's type and range, before anything is changed (a SetupRefused says which is wrong)."""
    if not isinstance(scenario, dict):
        raise SetupRefused(None, "a scenario is a dict, not {scenario}", scenario=short(scenario))
    unknown = set(scenario) - set(SCENARIO_KEYS)
    if unknown:
        raise SetupRefused(
            None,
            "unknown scenario keys: {keys} (known: {known})",
            keys=short(sorted(map(str, unknown))),
            known=", ".join(SCENARIO_KEYS),
        )
    if not isinstance(scenario.get("check", False), bool):
        raise SetupRefused(None, "check must be true or false, not {check}", check=short(scenario["check"]))
    hotels = scenario.get("hotels", [])
    if not isinstance(hotels, list) or len(hotels) > len(game.hotels):
        raise SetupRefused(
            None,
            "hotels: a list of at most {most} hotels (one per player), not {hotels}",
            most=len(game.hotels),
            hotels=short(hotels),
        )
    kinds, laid = game.components.beds, 0
    for number, spec in enumerate(hotels, 1):
        if not isinstance(spec, dict) or set(spec) - set(SCENARIO_HOTEL_KEYS):
            raise SetupRefused(
                None,
                "hotel {number}: a dict with keys {keys}, not {spec}",
                number=number,
                keys=", ".join(SCENARIO_HOTEL_KEYS),
                spec=short(spec),
            )
        if "beds" in spec and not (is_whole(spec["beds"]) and 1 <= spec["beds"] <= MAX_BEDS):
            raise SetupRefused(
                None,
                "hotel {number}: beds must be a whole number from 1 to {most}, not {beds}",
                number=number,
                most=MAX_BEDS,
                beds=short(spec["beds"]),
            )
        rule = spec.get("rule", "none")
        kind, _, guest = rule.partition(":") if isinstance(rule, str) else ("", "", "")
        if not (rule in HOTEL_RULES or (kind in ("first", "no") and guest in kinds)):
            raise SetupRefused("OB-6", "hotel {number}: unknown rule {rule}", number=number, rule=short(rule))
        # OB-4's stage-1 limits; a position for stage 2 ("check") may show more back-door cards than
        # stage 1 allows, to let a lesson line up several abilities at one hotel
        c = game.components
        back = c.cards_per_round if scenario.get("check") else c.back_door_limit
        limits = {"queue": 5 if rule == "queue_5" else c.queue_limit, "back": back}
        for where, most in limits.items():
            cards = spec.get(where, [])
            if not isinstance(cards, list) or len(cards) > most:
                raise SetupRefused(
                    "OB-4",
                    "hotel {number}: {where} lists at most {most} cards here, not {cards}",
                    number=number,
                    where=where,
                    most=most,
                    cards=short(cards),
                )
            laid += len(cards)
            for card in cards:
                if not (isinstance(card, list | tuple) and len(card) == 2 and all(isinstance(t, str) for t in card)):
                    raise SetupRefused(
                        None,
                        "hotel {number}: each {where} card is [colour, card], like ['red', 'fish-monk']",
                        number=number,
                        where=where,
                    )
    most = game.players * game.components.cards_per_round
    if laid > most:
        raise SetupRefused(
            "OB-4",
            "{laid} cards laid out, but {players} players place at most {most} in a round",
            laid=laid,
            players=game.players,
            most=most,
        )
    laid_out: dict[str, set[str]] = {}
    for spec in hotels:
        for colour, key in spec.get("queue", []) + spec.get("back", []):
            laid_out.setdefault(colour, set()).add(key)
    check_hands(game, scenario.get("hands", {}), laid_out)


def check_hands(game: Overbooking, hands: Any, laid_out: dict[str, set[str]]) -> None:
    """A scenario's hands: for players of this game, each exactly a hand (OB-2) of their own cards,
    none of them also laid out at a hotel."""
    c = game.components
    if not isinstance(hands, dict):
        raise SetupRefused(None, "hands: a dict from colour to a list of card names, not {hands}", hands=short(hands))
    for colour, keys in hands.items():
        if colour not in game.colours:
            raise SetupRefused(
                None, "hands: no {colour} player in a {players}-player game", colour=short(colour), players=game.players
            )
        if not (isinstance(keys, list) and len(keys) == c.hand_size and all(isinstance(k, str) for k in keys)):
            raise SetupRefused(
                "OB-2",
                "hands: the hand of {colour} is a list of {count} card names, not {cards}",
                colour=Term(colour),
                count=c.hand_size,
                cards=short(keys),
            )
        own = {card.key for card in c.decks[colour]}
        for key in keys:
            if key not in own:
                raise SetupRefused("OB-1", "hands: {colour} has no card {card}", colour=Term(colour), card=short(key))
        if len(set(keys)) != len(keys):
            raise SetupRefused(
                "OB-1",
                "hands: the hand of {colour} names a card twice (each deck has one of each)",
                colour=Term(colour),
            )
        for key in set(keys) & laid_out.get(colour, set()):
            raise SetupRefused(
                None,
                "hands: the card {card} of {colour} is laid out at a hotel, so it is not in the hand",
                card=key,
                colour=Term(colour),
            )


@register
class Overbooking(Game):
    name = "overbooking"
    # facts the generic layers ask the game (kit.core.game): no name tests outside the game
    score_scale = 8.0  # a typical winning margin in points
    dataset = "overbooking"
    heuristic = f"{__package__}.heuristic"
    fast_path = FAST_PATH
    settings_type = OverbookingSettings
    end_rule = "OB-8"
    moves = rules.MOVES

    settings: OverbookingSettings
    hotels: list[Hotel]
    hands: list[list[Guest]]
    decks: list[list[Guest]]
    booked: list[list[Guest]]

    def _setup(self) -> None:
        self.components: Components = load_components(self.settings.components)
        self.players = self.settings.players
        self.colours = self.components.colours[: self.players]
        self.is_over = False
        kinds = list(self.components.beds)
        self._rank = {
            (crest, kind): i for i, (crest, kind) in enumerate((c, k) for c in self.components.crests for k in kinds)
        }
        rules.setup(self)
        if self.settings.scenario:
            apply_scenario(self, self.settings.scenario)

    def card_order(self, card: Guest) -> int:
        return self._rank[card.crest, card.kind]

    def card_in_hand(self, player: int, key: str) -> Guest | None:
        for card in self.hands[player]:
            if card.key == key:
                return card
        return None

    @property
    def current_player(self) -> int | None:
        return self.to_move

    # ---------------------------------------------------------------------------- actions
    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        player = self.to_move
        if self.stage == 2:
            return [interned(Target, t + 1) for t in self.pending[2]]
        actions: list[Action] = []
        for card in self.hands[player]:
            for number, hotel in enumerate(self.hotels, 1):
                for where in ("queue", "back"):
                    if rules.placement_problem(hotel, card, where) is None:
                        actions.append(interned(Place, card.key, where, number))
        if rules.may_hold(self, player):
            actions.append(interned(Hold))
        return actions

    def random_action(self, chance: Chance) -> Action:
        """Uniform over the legal actions, by rejection in stage 1: each try picks a card, a hotel
        and a side (or "hold", when allowed) with equal chance and keeps it if legal."""
        if self.stage != 1:
            return super().random_action(chance)
        player, below = self.to_move, chance.below
        hand, hotels = self.hands[player], self.hotels
        places = len(hand) * len(hotels) * 2
        candidates = places + (1 if rules.may_hold(self, player) else 0)
        problem = rules.placement_problem
        while True:
            pick = below(candidates)
            if pick == places:
                return interned(Hold)
            card_index, rest = divmod(pick, len(hotels) * 2)
            hotel_index, side = divmod(rest, 2)
            where = "queue" if side else "back"
            card = hand[card_index]
            if problem(hotels[hotel_index], card, where) is None:
                return interned(Place, card.key, where, hotel_index + 1)

    def reveals(self, action: Action) -> bool:
        """Whether `action`, with all the engine then does by itself, shows anyone something they
        could not know (kit.core.reveals):

        * a card placed shows the others its back, crest and size (OB-1), which tells them the hand
          held such a card unless it surely did (more of them left in hand and deck than the deck
          holds); a card placed face up (OB-6) shows itself;
        * a player found with no legal placement (OB-4 Decision) tells the others their hand holds
          no card an open queue would take;
        * a hotel checked in stage 2 turns its face-down cards over (OB-5.1);
        * stage 3 draws hidden cards and hotel tiles (OB-7): draws that leave part of a deck
          behind, and every new tile.
        The end of the game shows nothing new."""
        after = self.clone()
        start = len(after.log)
        after.apply(action)
        if type(action) is Place and self._placing_shows(action):
            return True
        if after.round != self.round and not after.is_over:
            drawn_in_part = any(len(a) < len(b) and a for a, b in zip(after.decks, self.decks))
            if drawn_in_part or len(after.tiles) < len(self.tiles):
                return True
        stuck = {entry[2] for entry in self.log[self._round_start() :] if entry[1] == "no-placement"}
        for entry in after.log[start:]:
            if entry[1] == "reveal" and self._face_down_at(entry[3]["hotel"]):
                return True
            if entry[1] == "no-placement" and entry[2] not in stuck and self._stuck_tells(after, entry[2]):
                return True
        return False

    def _placing_shows(self, action: Place) -> bool:
        """Whether placing shows the others what they could not know. The cards the placer may hold
        in hand are those of hand and deck (each face-down card lies at its hotel, OB-1): the hand
        surely held a card like this one when more of them are left than the deck can hold."""
        player, hotel = self.to_move, self.hotels[action.hotel - 1]
        card = self.card_in_hand(player, action.card)
        left, deck = self.hands[player] + self.decks[player], len(self.decks[player])
        looks = (card.crest, card.size)
        if action.where == "queue" and hotel.rule == "face_up":  # the card itself is seen (OB-6)
            lying = (s for h in self.hotels for s in h.queue + h.back if s.owner == player and not s.face_up)
            return left.count(card) <= deck or any((s.card.crest, s.card.size) == looks for s in lying)
        return sum((c.crest, c.size) == looks for c in left) <= deck

    def _round_start(self) -> int:
        start = len(self.log) - 1
        while self.log[start][1] != "round":
            start -= 1
        return start

    def _face_down_at(self, number: int) -> bool:
        """Whether hotel `number` holds a card someone has not seen face up."""
        hotel = self.hotels[number - 1]
        return any(not slot.face_up for slot in hotel.queue + hotel.back)

    def _stuck_tells(self, after: Overbooking, player: int) -> bool:
        """Whether `player` found with no legal placement (in `after`) tells the others something:
        they had cards, and a queue was still open to some card they might have held (every back
        door is full then, or they could have placed there): one of their deck, or one lying face
        down that a card of hand or deck looking alike could have stood for (OB-1)."""
        if not after.hands[player]:
            return False
        could_hold = after.hands[player] + after.decks[player]
        looks = {(card.crest, card.size) for card in could_hold}
        for hotel in after.hotels:
            for slot in hotel.queue + hotel.back:
                if slot.owner == player and not slot.face_up and (slot.card.crest, slot.card.size) in looks:
                    could_hold.append(slot.card)
        problem = rules.placement_problem
        return any(problem(hotel, card, "queue") is None for hotel in after.hotels for card in could_hold)

    def action_rule(self) -> str:
        return "OB-4" if self.stage == 1 else "OB-5"

    def parse_action(self, text: str) -> Action:
        try:
            return parse(text)
        except ValueError as error:
            raise IllegalAction(self.action_rule(), _unreadable(error)) from None

    # ----------------------------------------------------------------------------- scores
    def crest_bonus(self, player: int) -> int:
        """OB-8: the score card's bonus per family, counting this player's booked cards of it."""
        side = self.settings.score_card
        if side is None:
            return 0
        table = self.components.score_cards[side]
        counts = Counter(card.crest for card in self.booked[player])
        bonus = 0
        for crest in self.components.crests:
            count = counts[crest]
            if count == 0:
                bonus += table.get(0, 0)  # the advanced side's penalty for a family with no guest
            else:
                bonus += max((points for need, points in table.items() if 0 < need <= count), default=0)
        return bonus

    def scores(self) -> list[int]:
        """OB-8: coins on booked cards, 1 per point token, and the score card's crest bonus."""
        return [
            sum(card.coins for card in self.booked[p]) + self.tokens[p] + self.crest_bonus(p)
            for p in range(self.players)
        ]

    def winners(self) -> list[int]:
        """OB-8: most points; tie-breaker (assumed): most booked cards; still equal, a shared win."""
        scores = self.scores()
        best = [p for p, s in enumerate(scores) if s == max(scores)]
        most = max(len(self.booked[p]) for p in best)
        return [p for p in best if len(self.booked[p]) == most]

    # ------------------------------------------------------------------------------ views
    def _slot_view(self, slot: Slot, viewer: int | None, everything: bool = False) -> dict[str, Any]:
        """OB-1 Decision: a face-down card shows only its owner's colour, its crest and its size."""
        out = {
            "owner": slot.owner,
            "colour": self.colours[slot.owner],
            "crest": slot.card.crest,
            "size": slot.card.size,
            "face_up": slot.face_up,
        }
        if slot.face_up or everything or slot.owner == viewer:
            out.update(card=slot.card.key, kind=slot.card.kind, beds=slot.card.beds, coins=slot.card.coins)
        return out

    def _public(self, viewer: int | None, everything: bool = False) -> dict[str, Any]:
        return {
            "game": self.name,
            "players": self.players,
            "colours": list(self.colours),
            "colour_codes": [self.components.display[c] for c in self.colours],
            "abilities": dict(self.components.abilities),
            "round": self.round,
            "rounds": self.components.rounds,
            "stage": self.stage,
            "to_move": self.to_move,
            "start": self.start,
            "order": list(self.order),
            "hotels": [
                {
                    "tile": h.tile,
                    "side": h.side,
                    "beds": h.beds,
                    "rule": h.rule,
                    "token": h.token,
                    "queue": [self._slot_view(s, viewer, everything) for s in h.queue],
                    "back": [self._slot_view(s, viewer, everything) for s in h.back],
                }
                for h in self.hotels
            ],
            "checking": self.checking + 1 if self.stage == 2 else None,
            "free_beds": self.free if self.stage == 2 else None,
            "pending": self.pending[0] if self.stage == 2 and self.pending else None,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_sizes": [len(d) for d in self.decks],
            "placed": list(self.placed),
            "booked": [[card.key for card in cards] for cards in self.booked],
            "tokens": list(self.tokens),
            "tokens_left": self.tokens_left,
            "tiles_left": len(self.tiles),
            "box": len(self.box),
            "score_card": self.settings.score_card,
            "scores": self.scores(),
        }

    def view(self, player: int) -> dict[str, Any]:
        """What `player` sees: every back (colour, crest, size), face-up cards, their own cards."""
        if player not in range(self.players):
            raise ValueError(f"no player {player!r} in a {self.players}-player game")
        view = self._public(player)
        view.update(
            viewer=player,
            open=False,
            hand=[c.key for c in self.hands[player]],
            legal_actions=[str(a) for a in self.legal_actions()] if player == self.to_move else [],
        )
        return view

    def public_view(self) -> dict[str, Any]:
        view = self._public(None)
        view.update(viewer=None, open=False, hand=[], legal_actions=[])
        return view

    def open_view(self) -> dict[str, Any]:
        view = self._public(None, everything=True)
        view.update(
            viewer=None,
            open=True,
            hands=[[c.key for c in h] for h in self.hands],
            decks=[[c.key for c in reversed(d)] for d in self.decks],
            tiles=list(reversed(self.tiles)),
            legal_actions=[str(a) for a in self.legal_actions()],
        )
        return view

    def action_words(self, action: Action) -> str:
        if isinstance(action, Place):
            card = rules.card_words(action.card)
            if action.where == "queue":
                return render(N_("place {card} in the queue of hotel {hotel}"), card=card, hotel=action.hotel)
            return render(N_("place {card} face down at the back door of hotel {hotel}"), card=card, hotel=action.hotel)
        if isinstance(action, Hold):
            return gettext("keep the fifth card")
        return render(N_("target queue position {position}"), position=action.position)

    def describe(self, data: dict[str, Any], reader: int | None = None) -> str:
        who, kind = Subject(data["player"], reader), data["kind"]
        say = who.say
        if kind == "scenario":
            return render(
                N_("A prearranged position is set up (scenario: {scenario})."), scenario=", ".join(data["scenario"])
            )
        if kind == "setup":
            hotels = "; ".join(rules.hotel_words(hotel) for hotel in data["hotels"])
            return render(N_("Hotels: {hotels}. Player {start} starts."), hotels=hotels, start=data["start"])
        if kind == "round":
            return render(N_("Round {round}: player {start} starts stage 1."), round=data["round"], start=data["start"])
        if kind == "place":
            if "card" in data:
                card = rules.card_words(data["card"])
            else:
                size = N_("a small {crest} card") if data["size"] == "small" else N_("a large {crest} card")
                card = render(size, crest=Term(data["crest"]))
            params = {"card": card, "hotel": data["hotel"]}
            if data["where"] == "queue":
                return say(
                    N_("You place {card} in the queue of hotel {hotel}."),
                    N_("Player {player} places {card} in the queue of hotel {hotel}."),
                    **params,
                )
            return say(
                N_("You place {card} at the back door of hotel {hotel}."),
                N_("Player {player} places {card} at the back door of hotel {hotel}."),
                **params,
            )
        if kind == "token":
            return say(
                N_("You take the point token of hotel {hotel}."),
                N_("Player {player} takes the point token of hotel {hotel}."),
                hotel=data["hotel"],
            )
        if kind == "hold":
            return say(N_("You keep the fifth card."), N_("Player {player} keeps the fifth card."))
        if kind == "no-placement":
            return say(
                N_("You have no legal placement and place nothing."),
                N_("Player {player} has no legal placement and places nothing."),
            )
        if kind == "stage-2":
            return gettext("Stage 2: the bookings are checked, hotel by hotel.")
        if kind == "reveal":
            return render(
                N_("Hotel {hotel} ({beds} beds) reveals its queue {queue} and back door {back}."),
                hotel=data["hotel"],
                beds=data["beds"],
                queue=", ".join(map(rules.card_words, data["queue"])) or gettext("(empty)"),
                back=", ".join(map(rules.card_words, data["back"])) or gettext("(empty)"),
            )
        beds = {"before": data.get("beds_before"), "after": data.get("beds_after")}
        if kind == "ability":
            return say(
                N_("Your {card} {effect}: free beds {before} -> {after}."),
                N_("Player {player}'s {card} {effect}: free beds {before} -> {after}."),
                card=rules.card_words(data["card"]),
                effect=rules.effect_words(data["effect"]),
                **beds,
            )
        if kind == "book":
            n = data["beds"]
            return say(
                Plural(
                    "Your {card} books {beds} bed(s): {before} -> {after}.",
                    "Your {card} books {beds} bed(s): {before} -> {after}.",
                    n,
                ),
                Plural(
                    "Player {player}'s {card} books {beds} bed(s): {before} -> {after}.",
                    "Player {player}'s {card} books {beds} bed(s): {before} -> {after}.",
                    n,
                ),
                card=rules.card_words(data["card"]),
                beds=n,
                **beds,
            )
        if kind == "no-room":
            n = data["beds"]
            return say(
                Plural(
                    "Your {card} needs {beds} bed(s), only {before} free: no booking.",
                    "Your {card} needs {beds} bed(s), only {before} free: no booking.",
                    n,
                ),
                Plural(
                    "Player {player}'s {card} needs {beds} bed(s), only {before} free: no booking.",
                    "Player {player}'s {card} needs {beds} bed(s), only {before} free: no booking.",
                    n,
                ),
                card=rules.card_words(data["card"]),
                beds=n,
                **beds,
            )
        if kind == "prepare":
            hotels = "; ".join(rules.hotel_words(hotel) for hotel in data["hotels"])
            return render(
                N_("Stage 3: hotels now {hotels}; player {start} starts next."), hotels=hotels, start=data["start"]
            )
        if kind == "end":
            return final_scores_in_words("game", "player", data["scores"], data["winners"], reader)
        return f"{kind} {data}"

    # ----------------------------------------------------------------- copies and checks
    def clone(self) -> Overbooking:
        copy = object.__new__(Overbooking)
        copy.__dict__.update(self.__dict__)
        copy.chance = self.chance.clone()
        copy.history, copy.log = list(self.history), list(self.log)
        slots = {}
        copy.hotels = []
        for hotel in self.hotels:
            other = hotel.copy()
            for old, new in zip(hotel.queue + hotel.back, other.queue + other.back):
                slots[id(old)] = new
            copy.hotels.append(other)
        copy.hands, copy.decks = [list(h) for h in self.hands], [list(d) for d in self.decks]
        copy.booked, copy.box = [list(b) for b in self.booked], list(self.box)
        copy.tokens, copy.placed, copy.tiles = list(self.tokens), list(self.placed), list(self.tiles)
        copy.order = list(self.order)
        if self.stage == 2:
            copy.priority = [slots[id(s)] for s in self.priority]
            copy.door = [slots[id(s)] for s in self.door]
            if self.pending:
                kind, slot, targets = self.pending
                copy.pending = (kind, slots[id(slot)], list(targets))
        return copy

    def determinize(self, player: int, chance: Chance) -> Overbooking:
        """A copy in which everything `player` cannot know is redealt at random (see `Game`).

        Redealt uniformly among the deals that agree with what `player` was shown: the other
        players' hands and decks and their face-down cards, each face-down card for another of the
        same owner, crest and size (what its back shows, OB-1) that could lie there (a queue card at
        a "no X" hotel is no X, OB-6), and, while stage 1 of the round goes on, a hand that could
        place nothing (OB-4 Decision) holds no card an open queue would have taken; `player`'s own
        deck (its order is hidden from its owner too) and the stack of hotel tiles. The copy's own
        chance (hotel sides, OB-2) comes from `chance`, never from the real game's generator, and
        nothing in the copy depends on what `player` cannot see (unknown cards are sorted before
        they are shuffled). Not used: what such a hand told about cards still held in later rounds.
        """
        copy = self.clone()
        copy.chance = chance.fork()
        order = copy.card_order
        stuck = self._stuck_hands()
        for other in range(self.players):
            if other == player:
                copy.decks[other] = sorted(copy.decks[other], key=order)
                chance.shuffle(copy.decks[other])
                continue
            unknown = copy.hands[other] + copy.decks[other]
            by_class: dict[tuple[str, str], list[Slot]] = {}
            barred: dict[int, str] = {}  # id(slot) -> the kind a "no X" hotel kept out of its queue
            for hotel in copy.hotels:
                for where, slots in (("queue", hotel.queue), ("back", hotel.back)):
                    for slot in slots:
                        if slot.owner == other and not slot.face_up:
                            unknown.append(slot.card)
                            by_class.setdefault((slot.card.crest, slot.card.size), []).append(slot)
                            if where == "queue" and hotel.rule.startswith("no:"):
                                barred[id(slot)] = hotel.rule[3:]
            unknown.sort(key=order)
            hand_size = len(copy.hands[other])
            while True:  # uniform over the deals that agree with what `player` saw (by rejection)
                pool = list(unknown)
                for (crest, size), slots in by_class.items():
                    candidates = [c for c in pool if c.crest == crest and c.size == size]
                    while True:
                        chance.shuffle(candidates)
                        if all(card.kind != barred.get(id(slot)) for slot, card in zip(slots, candidates)):
                            break
                    for slot, card in zip(slots, candidates):
                        slot.card = card
                        pool.remove(card)
                chance.shuffle(pool)
                hand = pool[:hand_size]
                if other not in stuck or not any(stuck[other](card) for card in hand):
                    break
            copy.hands[other] = sorted(hand, key=order)
            copy.decks[other] = pool[hand_size:]
        copy.tiles = sorted(copy.tiles)
        chance.shuffle(copy.tiles)
        return copy

    def _stuck_hands(self) -> dict[int, Any]:
        """Players who could place nothing this stage 1 (OB-4 Decision), each with a test for a card
        that an open queue would have taken then. Back doors and queues only fill up during stage 1,
        so such a player places nothing more this round and still holds that very hand."""
        if self.stage != 1:
            return {}
        log = self.log
        start = len(log) - 1
        while log[start][1] != "round":
            start -= 1
        stuck = {}
        for index in range(start, len(log)):
            if log[index][1] != "no-placement" or log[index][2] in stuck:
                continue
            later = Counter(e[3]["hotel"] for e in log[index:] if e[1] == "place" and e[3]["where"] == "queue")
            then = []
            for number, hotel in enumerate(self.hotels, 1):
                earlier = hotel.copy()
                earlier.queue = earlier.queue[: len(earlier.queue) - later[number]]
                then.append(earlier)
            stuck[log[index][2]] = lambda card, then=then: any(
                rules.placement_problem(hotel, card, "queue") is None for hotel in then
            )
        return stuck

    def check_invariants(self) -> None:
        """All 24 cards of each deck accounted for, each with its owner; stage-1 limits; booked beds
        within the beds; the hotels the tiles show; the round, start player and turn the rules give
        (OB-3, OB-4, OB-7); hands of 9 less the cards placed this round (OB-2, OB-4)."""
        n = self.players
        if (
            n != self.settings.players
            or tuple(self.colours) != tuple(self.components.colours[:n])
            or not all(
                len(values) == n
                for values in (self.hands, self.decks, self.booked, self.tokens, self.placed, self.hotels)
            )
        ):
            raise InvariantBroken(
                "OB-2",
                "the game is set up for {wanted} players, not {players}",
                wanted=self.settings.players,
                players=short(n),
            )
        where: Counter = Counter()
        for p in range(self.players):
            where.update(self.hands[p] + self.decks[p] + self.booked[p])
        for hotel in self.hotels:
            where.update(s.card for s in hotel.queue + hotel.back)
        where.update(self.box)
        expected = Counter(card for colour in self.colours for card in self.components.decks[colour])
        if where != expected:
            raise lost_or_duplicated(
                "OB-1",
                N_("guest cards are lost or duplicated (too many: {extra}; missing: {missing})"),
                where,
                expected,
            )
        for number, hotel in enumerate(self.hotels, 1):
            if self.stage == 1 and (len(hotel.queue) > hotel.queue_limit or len(hotel.back) > hotel.back_door_limit):
                raise InvariantBroken(
                    "OB-4",
                    "hotel {hotel}'s booking queue or back door holds more cards than stage 1 allows",
                    hotel=number,
                )
        if self.stage == 2 and self.free < 0:
            raise InvariantBroken("OB-5", "fewer than no beds are free")
        if sum(self.tokens) + self.tokens_left + sum(h.token for h in self.hotels) != self.components.point_tokens:
            raise InvariantBroken("OB-1", "point tokens are lost or duplicated")
        if min(self.tokens) < 0 or self.tokens_left < 0:
            raise InvariantBroken("OB-1", "a player or the supply holds fewer than no point tokens")
        self._check_owners()
        self._check_hotels()
        self._check_turn()

    def _check_owners(self) -> None:
        """OB-1: each player's cards are of their colour, wherever they lie; hands stay sorted."""
        colours = self.colours
        for player, colour in enumerate(colours):
            if any(card.colour != colour for card in self.hands[player] + self.decks[player] + self.booked[player]):
                raise InvariantBroken(
                    "OB-1", "a card of another colour is among the cards of {colour}", colour=Term(colour)
                )
            if self.hands[player] != sorted(self.hands[player], key=self.card_order):
                raise InvariantBroken(
                    "OB-2", "the hand of {colour} is out of order: hands are kept sorted", colour=Term(colour)
                )
        for hotel in self.hotels:
            for slot in hotel.queue + hotel.back:
                if slot.owner not in range(self.players) or slot.card.colour != colours[slot.owner]:
                    raise InvariantBroken(
                        "OB-1", "{card} lies at a hotel for a player who does not own it", card=slot.card.key
                    )

    def _check_hotels(self) -> None:
        """OB-2, OB-7: each hotel is a tile on one of its sides, every tile on the table or in the stack once."""
        c = self.components
        tiles = self.tiles + [hotel.tile for hotel in self.hotels]
        if len(set(tiles)) != len(tiles) or not set(tiles) <= set(c.hotels):
            raise InvariantBroken("OB-1", "a hotel tile is lost or duplicated")
        prearranged = self.settings.scenario and self.round == 1  # a scenario may set round 1's beds and rules
        for hotel in self.hotels:
            side = c.hotels[hotel.tile].get(hotel.side)
            shown = side is not None and (hotel.beds, hotel.rule) == (side.beds, side.rule)
            if (
                hotel.side not in hotel.sides_used
                or not shown
                and not prearranged
                or hotel.limits != (c.queue_limit, c.back_door_limit)
                or not isinstance(hotel.token, bool)
            ):
                raise InvariantBroken(
                    "OB-2",
                    "hotel tile {tile} does not show {beds} beds and the rule “{rule}”",
                    tile=short(hotel.tile),
                    beds=short(hotel.beds),
                    rule=rule_message(hotel.rule) if isinstance(hotel.rule, str) else short(hotel.rule),
                )

    def _check_turn(self) -> None:
        """OB-3, OB-4, OB-5, OB-8: the round, the start player, the turn order and who is to move."""
        c, n = self.components, self.players
        if (
            self.stage not in (1, 2, 4)
            or self.is_over is not (self.stage == 4)
            or self.is_over is not (self.to_move is None)
        ):
            raise InvariantBroken(
                "OB-3",
                "no round has a stage {stage} with seat {seat} to move",
                stage=short(self.stage),
                seat=short(self.to_move),
            )
        if not 1 <= self.round <= c.rounds or self.is_over and self.round != c.rounds:
            raise InvariantBroken(
                "OB-8", "round {round} is not one of the {rounds} rounds", round=short(self.round), rounds=c.rounds
            )
        if self.start != (self.settings.first_player + self.round - 1) % n:
            raise InvariantBroken(
                "OB-7",
                "player {player} does not start round {round}: the start player moves on one seat each round",
                player=short(self.start),
                round=self.round,
            )
        if self.order != [(self.start + i) % n for i in range(n)]:
            raise InvariantBroken(
                "OB-3",
                "the turn order {order} does not go round the table from the start player, player {start}",
                order=listed(self.order),
                start=self.start,
            )
        if self.is_over:
            return
        for player in range(n):  # OB-2, OB-7: each round begins with a hand of 9 while the deck lasts
            held = len(self.hands[player]) + self.placed[player]
            if held != c.hand_size and (self.decks[player] or held > c.hand_size):
                raise InvariantBroken(
                    "OB-4",
                    "{colour} holds {held} cards and has placed {placed}, but a round begins with a hand of {size}",
                    colour=Term(self.colours[player]),
                    held=len(self.hands[player]),
                    placed=short(self.placed[player]),
                    size=c.hand_size,
                )
        if self.stage == 2:
            self._check_choice()
            return
        if not 0 <= self.turn < n * c.cards_per_round or self.to_move != self.order[self.turn % n]:
            raise InvariantBroken(
                "OB-4",
                "turn {turn} of stage 1 is not player {player}'s",
                turn=short(self.turn),
                player=short(self.to_move),
            )
        laid = Counter(slot.owner for hotel in self.hotels for slot in hotel.queue + hotel.back)
        turns = Counter(self.order[k % n] for k in range(self.turn))
        for player in range(n):
            at_hotels = laid[player] if not self.settings.scenario or self.round > 1 else self.placed[player]
            if not at_hotels == self.placed[player] <= turns[player]:
                raise InvariantBroken(
                    "OB-4",
                    "{colour} has placed {placed} cards in {turns} turns, and {laid} of them lie at the hotels",
                    colour=Term(self.colours[player]),
                    placed=short(self.placed[player]),
                    turns=turns[player],
                    laid=laid[player],
                )
        for hotel in self.hotels:
            if (
                any(slot.face_up for slot in hotel.back)
                or hotel.rule != "face_up"
                and any(slot.face_up for slot in hotel.queue)
            ):
                raise InvariantBroken(
                    "OB-4", "cards lie face down, and face up only in the booking queue of a face-up hotel (OB-6)"
                )

    def _check_choice(self) -> None:
        """OB-5.2: stage 2 waits only for the owner of the back-door card next in line to choose
        between its targets, at the hotel being checked."""
        if not 0 <= self.checking < len(self.hotels) or self.pending is None:
            raise InvariantBroken("OB-5", "stage 2 stops only for a choice at the hotel being checked")
        hotel = self.hotels[self.checking]
        kind, slot, targets = self.pending
        if (
            not self.door
            or slot is not self.door[0]
            or any(all(s is not door for s in hotel.back) for door in self.door)
            or self.to_move != slot.owner
            or kind != slot.card.kind
            or targets != rules.ability_targets(hotel, slot)
            or len(targets) < 2
        ):
            raise InvariantBroken("OB-5.2", "the choice waiting is not the one of the next card at the back door")


def _unreadable(error: ValueError) -> Message | str:
    """Why an action's text cannot be read, in the learner's language when the reader said it so."""
    return error.args[0] if error.args and isinstance(error.args[0], Message) else str(error)
