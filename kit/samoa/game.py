"""Samoa (Kristian A. Østby): 3 to 6 hotel owners, 12 rounds, the richest wins.

    >>> from kit.samoa import Samoa
    >>> game = Samoa(players=4, seed=1)
    >>> game.legal_actions()[:3]       # player 0 chooses a price card, face down (SA-3.3)
    [Choose(card='2/3'), Choose(card='4/4'), Choose(card='6/5')]
    >>> game.apply("choose 6/5")
    >>> game.view(1)["has_chosen"], game.view(1)["played"]     # the others see only that it was chosen
    ([True, False, False, False], [None, None, None, None])

Price cards are chosen one player after another, each choice hidden from the others until all have
chosen and the cards are revealed together (a simultaneous secret choice, played in turn). Rules:
`shared/rules/samoa.md` (SA-1 ... SA-9); the phases are functions in `rules.py`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from kit.core import Chance, Game, IllegalAction, InvariantBroken, Settings, interned, register
from kit.core.errors import SetupRefused
from kit.core.events import Subject, final_scores_in_words
from kit.core.game import is_whole, listed, lost_or_duplicated, short, trust
from kit.i18n import N_, Message, Plural, Term, Terms, gettext, render

from . import rules
from .actions import Action, Buy, Choose, Done, Keep, Pass, Place, Remove, SendHome, Swap, TakeBack, parse
from .components import Components, PriceCard, Tourist, load_components, price_card_words, tourist_words
from .hotel import Hotel, payment_reason
from .playouts import FAST_PATH
from .scenarios import apply_scenario

# the building tiles as the log names them (SA-3.4, SA-9), for the catalogs
N_("an extra room"), N_("a suite"), N_("a pool"), N_("a swap card"), N_("a send home"), N_("a take back")
N_("extra room"), N_("suite"), N_("pool"), N_("swap card"), N_("send home"), N_("take back")


@dataclass(frozen=True)
class SamoaSettings(Settings):
    """players: 3 to 6. tie_card: the seat its hammer points to at the start (SA-2 Decision: 0, the
    card lying between the last seat and seat 0). components: a folder with your own data files."""

    players: int = 4
    seed: int = 0
    tie_card: int = 0
    components: str | None = None
    scenario: dict | None = None  # a prearranged position for lessons and tests: see scenarios.py

    player_counts = (3, 4, 5, 6)
    player_counts_text = N_("3 to 6 players")

    def __post_init__(self):
        super().__post_init__()
        self.check_seat("tie_card", self.tie_card)
        self.check_folder("components", self.components)
        if self.scenario is not None and not isinstance(self.scenario, dict):
            raise SetupRefused(
                None,
                "scenario must be None or a dict (see scenarios.py), not {scenario}",
                scenario=short(self.scenario),
            )


# Every placement action made once: [group][tile][room], all 0-based. Groups hold at most 18 tiles
# (a doubled line of 9) and a hotel at most 4 x 4 + 19 rooms (see components.py).
_PLACES = [[[trust(Place(g + 1, t + 1, r + 1)) for r in range(35)] for t in range(18)] for g in range(9)]


@register
class Samoa(Game):
    name = "samoa"
    # facts the generic layers ask the game (kit.core.game): no name tests outside the game
    score_scale = 40.0  # a typical winning margin in points
    dataset = "samoa"
    heuristic = f"{__package__}.heuristic"
    fast_path = FAST_PATH
    settings_type = SamoaSettings
    end_rule = "SA-6"
    moves = rules.MOVES

    settings: SamoaSettings
    hotels: list[Hotel]
    money: list[int]
    hands: list[list[str]]  # price card keys in hand
    used: list[list[str]]  # discarded price cards, face down (SA-3.6)
    chosen: list[str | None]  # this round's price card of each player
    flags: list[str]
    offer: list[str]  # building tiles face up
    groups: list[list[Tourist]]  # this round's tourist groups

    def _setup(self) -> None:
        self.components: Components = load_components(self.settings.components)
        self.players = self.settings.players
        self.is_over = False
        self._card = {card.key: card for card in self.components.price_cards}
        self._most_money = most_money(self.components, self.settings.scenario)
        self._order = {card.key: i for i, card in enumerate(self.components.price_cards)}
        rules.setup(self)
        if self.settings.scenario:
            apply_scenario(self, self.settings.scenario)

    # ------------------------------------------------------------------ small state helpers
    def chosen_cards(self) -> list[PriceCard]:
        return [self._card[key] for key in self.chosen]

    def sort_hand(self, player: int) -> None:
        self.hands[player].sort(key=self._order.__getitem__)

    def draw_tourist(self, nationality: str) -> Tourist:
        """A tile from the face-down supply of `nationality`, drawn at random (SA-2)."""
        supply = self.supply[nationality]
        return supply.pop(self.chance.below(len(supply)))

    def supply_return(self, tourists) -> None:
        for tourist in tourists:
            self.supply[tourist.nationality].append(tourist)

    @property
    def current_player(self) -> int | None:
        return self.to_move

    def players_to_act(self) -> list[int]:
        """Everyone who still has to act in this step: all players yet to choose a price card during
        the secret choice (SA-3.3), otherwise just the current player."""
        if self.phase == "choose":
            return [p for p in range(self.players) if self.chosen[p] is None]
        return [] if self.is_over else [self.to_move]

    # ---------------------------------------------------------------------------- actions
    def legal_actions(self) -> list[Action]:
        phase, player = self.phase, self.to_move
        if phase == "over":
            return []
        if phase == "choose":
            actions = [interned(Choose, card) for card in self.hands[player]]
            if "take_back" in self.hotels[player].specials:
                actions += [interned(TakeBack, pair) for pair in rules.take_back_choices(self.used[player])]
            return actions
        if phase == "swap":
            return [interned(Keep)] + [interned(Swap, card) for card in self.hands[player]]
        hotel = self.hotels[player]
        card = self._card[self.chosen[player]]
        if phase == "build":
            actions: list[Action] = [interned(Pass)]
            if self.money[player] >= card.bid:
                for kind in sorted(set(self.offer)):
                    if kind == "suite":
                        free = [r for r in range(hotel.board_rooms) if r not in hotel.suites]
                        actions += [interned(Buy, kind, r + 1) for r in free]
                    else:
                        actions.append(interned(Buy, kind, None))
            return actions
        actions = [interned(Done)]
        if "send_home" in hotel.specials and self.committed is None:
            occupied = [r + 1 for r in hotel.occupied_rooms()]
            if occupied:
                pairs = [(r,) for r in occupied] if len(occupied) == 1 else combinations(occupied, 2)
                actions += [interned(SendHome, tuple(pair)) for pair in pairs]
        if card.grey:
            if self.removed < 2:
                actions += [interned(Remove, r + 1) for r in hotel.occupied_rooms()]
            return actions
        groups = range(len(self.groups)) if self.committed is None else [self.committed]
        empty = [r for r, occupants in enumerate(hotel.rooms) if not occupants]
        lovers = sorted(empty + [r for r, o in enumerate(hotel.rooms) if len(o) == 1 and o[0].kind == "lovers"])
        for g in groups:
            by_tile = _PLACES[g]
            for t, tourist in enumerate(self.groups[g]):
                by_room = by_tile[t]
                actions.extend(by_room[r] for r in (lovers if tourist.kind == "lovers" else empty))
        return actions

    def reveals(self, action: Action) -> bool:
        """Whether `action` shows anyone something they could not know (kit.core.reveals): the last
        price card chosen turns all of them over (SA-3.3), which tells the others a secret choice
        unless every earlier chooser had one card to choose from; the end of a round lays out new
        building tiles and tourists drawn face down (SA-3.1, SA-3.2). The end of the game shows
        nothing new: every purse was counted from announced payments (SA-6)."""
        after = self.clone()
        after.apply(action)
        if after.round != self.round:
            return True
        if self.phase != "choose" or after.phase == "choose":
            return False
        actor = self.to_move
        return any(len(set(self.hands[p]) | {self.chosen[p]}) > 1 for p in range(self.players) if p != actor)

    def action_rule(self) -> str:
        return rules._PHASE_RULES.get(self.phase, "SA-3")

    def parse_action(self, text: str) -> Action:
        try:
            return parse(text)
        except ValueError as error:
            raise IllegalAction(self.action_rule(), _unreadable(error)) from None

    # ----------------------------------------------------------------------------- scores
    def scores(self) -> list[int]:
        """SA-6: money plus 3 Tala for each unused special tile."""
        value = self.components.special_tile_value
        return [money + value * len(hotel.specials) for money, hotel in zip(self.money, self.hotels)]

    def winners(self) -> list[int]:
        """SA-6: the richest; on equal money the most empty rooms; still equal, a shared win."""
        scores = self.scores()
        rich = [p for p, s in enumerate(scores) if s == max(scores)]
        empty = {p: self.hotels[p].empty_rooms() for p in rich}
        return [p for p in rich if empty[p] == max(empty.values())]

    # ------------------------------------------------------------------------------ views
    def _public(self) -> dict[str, Any]:
        revealed = self.revealed or self.phase in ("build", "tourists")
        public = {
            "game": self.name,
            "players": self.players,
            "round": self.round,
            "rounds": self.components.rounds,
            "flags": list(self.flags),
            "doubled_rounds": list(self.components.doubled_rounds),
            "nationalities": dict(self.components.nationalities),
            "nationality_colours": dict(self.components.colours),
            "nationality": self.flags[self.round - 1],
            "phase": self.phase,
            "to_move": self.to_move,
            "order": list(self.order) if self.phase in ("swap", "build", "tourists") else [],
            "order_why": rules.order_reasons(self) if self.phase in ("build", "tourists") else [],
            "turn": self.turn if self.phase in ("swap", "build", "tourists") else None,
            "tie_card": {"hammer": self.hammer, "suitcase": (self.hammer - 1) % self.players},
            "tourist_card": self.tourist_card,
            "groups": [[t.label for t in group] for group in self.groups],
            "offer": list(self.offer),
            "building_deck": len(self.building_deck),
            "tourist_deck": len(self.tourist_deck),
            "supply": {key: len(tiles) for key, tiles in sorted(self.supply.items())},
            "hotels": [hotel.to_dict() for hotel in self.hotels],
            "has_chosen": [card is not None for card in self.chosen],
            "played": list(self.chosen) if revealed else [None] * self.players,
            "hand_sizes": [len(hand) for hand in self.hands],
            "used_sizes": [len(used) for used in self.used],
        }
        if self.phase == "over":  # SA-6: at the end every purse is counted in front of everyone
            public["final_scores"] = self.scores()
        return public

    def view(self, player: int) -> dict[str, Any]:
        """What `player` sees: the table, every hotel, the revealed cards; their own hand, used cards,
        money and unrevealed choice. Not the other hands, money, used piles or choices, nor any deck."""
        if player not in range(self.players):
            raise ValueError(f"no player {player!r} in a {self.players}-player game")
        view = self._public()
        view.update(
            viewer=player,
            open=False,
            hand=list(self.hands[player]),
            used=list(self.used[player]),
            money=self.money[player],
            my_card=self.chosen[player],
            legal_actions=[str(a) for a in self.legal_actions()] if player == self.to_move else [],
        )
        return view

    def public_view(self) -> dict[str, Any]:
        view = self._public()
        view.update(viewer=None, open=False, hand=[], used=[], money=None, my_card=None, legal_actions=[])
        return view

    def open_view(self) -> dict[str, Any]:
        """The teaching view: every hand, used pile, choice and purse; the decks' order."""
        view = self._public()
        view.update(
            viewer=None,
            open=True,
            hands=[list(h) for h in self.hands],
            used_cards=[list(u) for u in self.used],
            money_all=list(self.money),
            chosen=list(self.chosen),
            building_order=list(reversed(self.building_deck)),
            tourist_cards=list(reversed(self.tourist_deck)),
            legal_actions=[str(a) for a in self.legal_actions()],
        )
        return view

    def action_words(self, action: Action) -> str:
        if isinstance(action, Choose):
            return render(N_("play the price card {card}"), card=price_card_words(action.card))
        if isinstance(action, TakeBack):
            return render(
                N_("use the take-back tile: {cards} back to hand"), cards=", ".join(map(price_card_words, action.cards))
            )
        if isinstance(action, Swap):
            return render(N_("use the swap tile: play {card}"), card=price_card_words(action.card))
        if isinstance(action, Keep):
            return gettext("keep the price card played")
        if isinstance(action, Buy):
            if action.room is None:
                return render(N_("buy {tile}"), tile=_tile_term(action.kind))
            return render(N_("buy {tile} for room {room}"), tile=_tile_term(action.kind), room=action.room)
        if isinstance(action, Pass):
            return gettext("pass")
        if isinstance(action, SendHome):
            return render(N_("use the send-home tile on room {rooms}"), rooms=", ".join(map(str, action.rooms)))
        if isinstance(action, Place):
            return render(
                N_("put tourist {tile} of group {group} in room {room}"),
                tile=action.tile,
                group=action.group,
                room=action.room,
            )
        if isinstance(action, Remove):
            return render(N_("send the tourists of room {room} home"), room=action.room)
        return gettext("done placing tourists")

    def _tourist_words(self, label: str) -> str:
        return tourist_words(label, self.components.nationalities)

    def describe(self, data: dict[str, Any], reader: int | None = None) -> str:
        who, kind = Subject(data["player"], reader), data["kind"]
        say = who.say
        if kind == "setup":
            flags = Terms(self.components.nationalities.get(key, key) for key in data["flags"])
            return render(
                N_("Flags laid out: {flags}; the tie card's hammer points to player {hammer}."),
                flags=flags,
                hammer=data["hammer"],
            )
        if kind == "scenario":
            return render(
                N_("A prearranged position is set up (scenario: {scenario})."), scenario=", ".join(data["scenario"])
            )
        if kind == "round":
            nationality = Term(self.components.nationalities[data["nationality"]])
            if data["doubled"]:
                return render(
                    N_("Round {round}: {nationality} (2X: every group doubled)."),
                    round=data["round"],
                    nationality=nationality,
                )
            return render(N_("Round {round}: {nationality}."), round=data["round"], nationality=nationality)
        if kind == "buildings":
            offer = Terms(tile.replace("_", " ") for tile in data["offer"])
            return render(N_("Building tiles on offer: {offer}."), offer=offer if offer else gettext("none left"))
        if kind == "leave":
            return say(
                N_("Your guests leave: {tourists}."),
                N_("Player {player}'s guests leave: {tourists}."),
                tourists=", ".join(map(self._tourist_words, data["tourists"])),
            )
        if kind == "arrive":
            groups = "; ".join(
                render(N_("group {number}: {tourists}"), number=i + 1, tourists=", ".join(map(self._tourist_words, g)))
                for i, g in enumerate(data["groups"])
            )
            return render(N_("Tourist card {card}: {groups}."), card=data["card"], groups=groups)
        if kind == "choose":
            if "card" in data:
                return say(
                    N_("You choose {card}."), N_("Player {player} chooses {card}."), card=price_card_words(data["card"])
                )
            return say(N_("You choose a price card."), N_("Player {player} chooses a price card."))
        if kind == "take-back":
            cards = [price_card_words(card) for card in data["cards"]]
            return say(
                N_("You use the take-back tile: {cards} back to hand."),
                N_("Player {player} uses the take-back tile: {cards} back to hand."),
                cards=render(N_("{first} and {second}"), first=cards[0], second=cards[1])
                if len(cards) == 2
                else ", ".join(cards),
            )
        if kind == "reveal":
            cards = ", ".join(
                render(N_("player {number} {card}"), number=p, card=price_card_words(c))
                for p, c in enumerate(data["cards"])
            )
            return render(N_("Price cards revealed: {cards}."), cards=cards)
        if kind == "swap":
            return say(
                N_("You use the swap tile: {out} back to hand, play {card}."),
                N_("Player {player} uses the swap tile: {out} back to hand, plays {card}."),
                out=price_card_words(data["out"]),
                card=price_card_words(data["in"]),
            )
        if kind == "build-order":
            return render(N_("Building order: {order}."), order=", ".join(map(str, data["order"])) or gettext("nobody"))
        if kind == "buy":
            tile = _tile_term(data["tile"])
            return say(
                N_("You buy {tile} for {bid}."),
                N_("Player {player} buys {tile} for {bid}."),
                tile=tile,
                bid=data["bid"],
            )
        if kind == "pass":
            return say(N_("You pass."), N_("Player {player} passes."))
        if kind == "pool-bonus":
            if "earned" in data:
                return say(
                    N_("Your pool pays {earned} for the bathers already there."),
                    N_("Player {player}'s pool pays {earned} for the bathers already there."),
                    earned=data["earned"],
                )
            return say(
                N_("Your pool pays for the bathers already there."),
                N_("Player {player}'s pool pays for the bathers already there."),
            )
        if kind == "tourist-order":
            return render(N_("Tourist order: {order}."), order=", ".join(map(str, data["order"])))
        if kind == "place":
            params = {"tourist": self._tourist_words(data["tourist"]), "room": data["room"], "pays": data["pays"]}
            if data["why"]:
                why = "; ".join(payment_reason(reason) for reason in data["why"])
                return say(
                    N_("You put {tourist} in room {room}: pays {pays} ({why})."),
                    N_("Player {player} puts {tourist} in room {room}: pays {pays} ({why})."),
                    why=why,
                    **params,
                )
            return say(
                N_("You put {tourist} in room {room}: pays {pays}."),
                N_("Player {player} puts {tourist} in room {room}: pays {pays}."),
                **params,
            )
        if kind == "send-home":
            return say(
                N_("You send {tourists} home from room {room}."),
                N_("Player {player} sends {tourists} home from room {room}."),
                tourists=", ".join(map(self._tourist_words, data["tourists"])),
                room=data["room"],
            )
        if kind == "done":
            n = data["placed"]
            return say(
                Plural("You are done ({placed} new tourist(s)).", "You are done ({placed} new tourist(s)).", n),
                Plural(
                    "Player {player} is done ({placed} new tourist(s)).",
                    "Player {player} is done ({placed} new tourist(s)).",
                    n,
                ),
                placed=n,
            )
        if kind == "payout":
            if "earned" in data:
                return say(N_("You are paid {earned}."), N_("Player {player} is paid {earned}."), earned=data["earned"])
            return say(N_("You are paid."), N_("Player {player} is paid."))
        if kind == "card":
            if data["fate"] == "taken back":
                return say(
                    N_("Your {card} is taken back."),
                    N_("Player {player}'s {card} is taken back."),
                    card=price_card_words(data["card"]),
                )
            return say(
                N_("Your {card} is {fate}."),
                N_("Player {player}'s {card} is {fate}."),
                card=price_card_words(data["card"]),
                fate=Term(data["fate"]),
            )
        if kind == "tie-card":
            return render(N_("The tie card moves on: its hammer points to player {hammer}."), hammer=data["hammer"])
        if kind == "end":
            return final_scores_in_words("game", "player", data["scores"], data["winners"], reader)
        return f"{kind} {data}"

    # ----------------------------------------------------------------- copies and checks
    def clone(self) -> Samoa:
        copy = object.__new__(Samoa)
        copy.__dict__.update(self.__dict__)
        copy.chance = self.chance.clone()
        copy.history, copy.log = list(self.history), list(self.log)
        copy.hotels = [h.clone() for h in self.hotels]
        copy.money, copy.chosen = list(self.money), list(self.chosen)
        copy.hands, copy.used = [list(h) for h in self.hands], [list(u) for u in self.used]
        copy.flags, copy.offer = list(self.flags), list(self.offer)
        copy.groups = [list(g) for g in self.groups]
        copy.supply = {k: list(v) for k, v in self.supply.items()}
        copy.building_deck, copy.tourist_deck = list(self.building_deck), list(self.tourist_deck)
        copy.order = list(self.order)
        copy.bought, copy.placed, copy.earned = list(self.bought), list(self.placed), list(self.earned)
        return copy

    def determinize(self, player: int, chance: Chance) -> Samoa:
        """A copy in which everything `player` cannot know is redealt at random (see `Game`).

        What `player` can rebuild from the events shown is kept: every used pile (each card was
        revealed when played, SA-3.3, and its fate announced, SA-3.6) and so every hand, and every
        purse (each payment is announced). Redealt: a price card another player chose face down
        and has not yet revealed (uniformly among the cards they could have chosen), the order of
        the tourist cards and building tiles, and which tourists come out of the supplies. The
        copy's future chance comes from `chance`, never from the real game's generator, and nothing
        in the copy depends on what `player` cannot see (unknown things are sorted before shuffling).
        """
        copy = self.clone()
        copy.chance = chance.fork()
        if self.phase == "choose" and not self.revealed:
            for other in range(self.players):
                if other == player or self.chosen[other] is None:
                    continue
                could = sorted(self.hands[other] + [self.chosen[other]], key=self._order.__getitem__)
                copy.chosen[other] = could.pop(chance.below(len(could)))
                copy.hands[other] = could
        for deck in ("tourist_deck", "building_deck"):
            cards = sorted(getattr(copy, deck))
            chance.shuffle(cards)
            setattr(copy, deck, cards)
        looks = lambda tile: (tile.kind, tile.ring, tile.ident)  # noqa: E731 - tiles that look alike are alike
        copy.supply = {key: sorted(tiles, key=looks) for key, tiles in copy.supply.items()}
        return copy

    def check_invariants(self) -> None:
        """Every component in exactly one place (SA-1); rooms as the tiles make them (SA-7, SA-9); the
        round, the tie card, the tourist cards, the groups and the building tiles laid out where the
        rounds so far leave them (SA-2, SA-3); whose turn it is in each phase (SA-3.3 ... SA-3.5);
        no purse below zero or above what the game can pay."""
        c = self.components
        n = self.players
        if n != self.settings.players or not all(
            len(values) == n
            for values in (self.hotels, self.money, self.hands, self.used, self.chosen, self.bought, self.placed)
        ):
            raise InvariantBroken(
                "SA-2",
                "the game is set up for {wanted} players, not {players}",
                wanted=self.settings.players,
                players=short(n),
            )
        everywhere = Counter(t for tiles in self.supply.values() for t in tiles)
        everywhere.update(t for group in self.groups for t in group)
        for hotel in self.hotels:
            everywhere.update(hotel.tourists())
        if everywhere != Counter(c.tourists):
            raise InvariantBroken("SA-1", "tourist tiles are lost or duplicated")
        tiles = Counter(self.building_deck) + Counter(self.offer)
        for hotel in self.hotels:
            tiles["extra_room"] += hotel.extra_rooms
            tiles["suite"] += len(hotel.suites)
            tiles["pool"] += hotel.pools
            tiles.update(hotel.specials + hotel.used_specials)
        if tiles != Counter(c.building_tiles):
            raise lost_or_duplicated(
                "SA-1",
                N_("building tiles are lost or duplicated (too many: {extra}; missing: {missing})"),
                Counter(Term(tile) for tile in tiles.elements()),
                Counter(Term(tile) for tile in c.building_tiles),
            )
        full = Counter(card.key for card in c.price_cards)
        for player in range(self.players):
            cards = Counter(self.hands[player] + self.used[player])
            if self.chosen[player] is not None:
                cards[self.chosen[player]] += 1
            if cards != full:
                raise InvariantBroken(
                    "SA-1",
                    Plural(
                        "not all of player {player}'s {cards} price card are there",
                        "not all of player {player}'s {cards} price cards are there",
                        len(c.price_cards),
                    ),
                    player=player,
                    cards=len(c.price_cards),
                )
            if "grey" not in self.hands[player] and self.chosen[player] != "grey":
                raise InvariantBroken("SA-3.6", "the grey card always comes back to its player's hand")
            hotel = self.hotels[player]
            for occupants in hotel.rooms:
                if len(occupants) > 2 or (len(occupants) == 2 and any(t.kind != "lovers" for t in occupants)):
                    raise InvariantBroken("SA-7", "a room holds one tourist, or two lovers")
            if self.money[player] < 0:
                raise InvariantBroken("SA-2", "player {player}'s money is below zero", player=player)
            if not 0 <= self.money[player] <= self._most_money:
                raise InvariantBroken(
                    "SA-3.6",
                    "player {player} holds {money} Tala, more than the game can pay ({most})",
                    player=player,
                    money=short(self.money[player]),
                    most=self._most_money,
                )
            if (hotel.rows, hotel.columns) != (c.rows, c.columns) or not hotel.suites <= set(range(hotel.board_rooms)):
                raise InvariantBroken(
                    "SA-9.2", "a suite lies on a room of the hotel board, and every hotel board is the same"
                )
        self._check_rounds()
        self._check_turn()

    def _check_rounds(self) -> None:
        """SA-2, SA-3: the round, the tie card, the tourist cards and groups, the building tiles."""
        c, scenario = self.components, self.settings.scenario or {}
        first = scenario.get("round", 1)  # a scenario may set up a later round (scenarios.py)
        if sorted(self.flags) != sorted(nationality for nationality, _ in c.flags):
            raise InvariantBroken("SA-2", "the flag row holds each flag once")
        if self.phase not in rules._PHASE_RULES or self.is_over is not (self.phase == "over"):
            raise InvariantBroken("SA-3", "no round has a phase {phase}", phase=short(self.phase))
        if not first <= self.round <= c.rounds or self.is_over and self.round != c.rounds:
            raise InvariantBroken(
                "SA-3",
                "round {round} is not one of the rounds {first} to {rounds}",
                round=short(self.round),
                first=first,
                rounds=c.rounds,
            )
        moves = self.round - first + self.is_over  # SA-3.6: the tie card moves on at each round's end
        if self.hammer != (scenario.get("hammer", self.settings.tie_card) + moves) % self.players:
            raise InvariantBroken(
                "SA-3.6",
                "the tie card's hammer points to player {player}, but it moves on one player each round",
                player=short(self.hammer),
            )
        drawn = [*self.tourist_deck, self.tourist_card]
        if (
            len(set(drawn)) != len(drawn)
            or not set(drawn) <= set(c.tourist_cards)
            or len(drawn) != len(c.tourist_cards) - (self.round - first)
        ):
            drawn = self.round - first + 1
            raise InvariantBroken(
                "SA-3.2",
                Plural(
                    "by now {drawn} tourist card is drawn, and each of the others lies in the deck once",
                    "by now {drawn} tourist cards are drawn, and each of the others lies in the deck once",
                    drawn,
                ),
                drawn=drawn,
            )
        arranged = "groups" in scenario and self.round == first
        nationality = self.flags[self.round - 1]
        if not self.is_over and not arranged:
            if any(t.nationality != nationality for group in self.groups for t in group):
                raise InvariantBroken(
                    "SA-3.2",
                    "all of this round's groups are tourists from {nationality}, the flag's country",
                    nationality=Term(c.nationalities.get(nationality, nationality)),
                )
            sizes = c.tourist_cards[self.tourist_card][self.players]
            if self.round in c.doubled_rounds:
                sizes = tuple(2 * size for size in sizes)
            whole = self.phase in ("choose", "swap", "build")  # no tourist taken yet (SA-3.5)
            if len(self.groups) != len(sizes) or any(
                len(group) > size or whole and len(group) != size for group, size in zip(self.groups, sizes)
            ):
                raise InvariantBroken("SA-3.2", "the tourist card gives groups of {sizes}", sizes=listed(sizes))
        if not scenario:  # SA-3.1: each round lays out its block's number of tiles while they last
            laid = sum(c.layout[self.players][min((r - 1) // 3, 3)] for r in range(1, self.round + 1))
            if len(self.building_deck) != max(0, len(c.building_tiles) - laid):
                raise InvariantBroken(
                    "SA-3.1",
                    Plural(
                        "{laid} building tile is laid out by round {round}",
                        "{laid} building tiles are laid out by round {round}",
                        laid,
                    ),
                    laid=laid,
                    round=self.round,
                )

    def _check_turn(self) -> None:
        """SA-3.3 ... SA-3.5: who is to move, in which order, and what this round has done so far."""
        phase, n = self.phase, self.players
        if phase == "over":
            if self.to_move is not None:
                raise InvariantBroken("SA-6", "no one moves once the game is over")
            return
        if not 0 <= self.turn < len(self.order) or self.to_move != self.order[self.turn]:
            raise InvariantBroken(
                "SA-3",
                "player {player} is to move, but that is not turn {turn} of the turn order {order}",
                player=short(self.to_move),
                turn=short(self.turn),
                order=listed(self.order),
            )
        if phase == "choose":
            chosen = [p for p in range(n) if self.chosen[p] is not None]
            if self.revealed or self.order != list(range(n)) or chosen != list(range(self.turn)):
                raise InvariantBroken(
                    "SA-3.3", "the players choose one after another, and each card stays hidden until all have chosen"
                )
            if any(self.bought) or any(self.placed) or any(self.earned):
                raise InvariantBroken("SA-3", "nothing is bought or placed before the price cards are shown")
            return
        if not self.revealed or None in self.chosen:
            raise InvariantBroken("SA-3.3", "every price card is chosen and shown before the phases that follow")
        if phase == "swap":
            clockwise = rules.clockwise_from(self, self.hammer)
            if sorted(self.order, key=clockwise.index) != self.order or any(
                "swap_card" not in self.hotels[p].specials for p in self.order[self.turn :]
            ):
                raise InvariantBroken("SA-9.4", "the swap tiles are used clockwise from the hammer")
        elif phase == "build":
            if self.order != rules.building_order(self) or not self.offer:
                raise InvariantBroken(
                    "SA-3.4",
                    "the building order is {wanted}, not {order}",
                    wanted=listed(rules.building_order(self)),
                    order=listed(self.order),
                )
        elif self.order != rules.tourist_order(self):  # tourists
            raise InvariantBroken(
                "SA-3.5",
                "the tourist order is {wanted}, not {order}",
                wanted=listed(rules.tourist_order(self)),
                order=listed(self.order),
            )
        elif self.committed is not None and self.committed not in range(len(self.groups)):
            raise InvariantBroken(
                "SA-3.5",
                "there is no group {group} to take tourists from",
                group=self.committed + 1 if is_whole(self.committed) else short(self.committed),
            )
        if phase != "tourists" and (any(self.placed) or any(self.earned)):
            raise InvariantBroken("SA-3", "tourists are placed only in the tourist phase")


def most_money(c: Components, scenario: dict | None) -> int:
    """More Tala than a player can ever hold: the most they start with, and in each round as many
    tourists as the largest doubled group, each paying double the highest price and its swim rings
    for every pool (SA-8), and each pool's bonus on every swim ring there is (SA-9.3)."""
    money = (scenario or {}).get("money")  # checked only later, by the scenario's own checks
    start = max([c.start_money, *(m for m in money if is_whole(m))] if isinstance(money, list) else [c.start_money])
    price = max(card.price for card in c.price_cards)
    rings = [tourist.ring for tourist in c.tourists]
    pools = Counter(c.building_tiles)["pool"]
    group = 2 * max(size for sizes in c.tourist_cards.values() for groups in sizes.values() for size in groups)
    return start + c.rounds * group * (2 * price + max(rings) * pools) + pools * sum(rings)


def _tile_term(kind: str) -> Term:
    """A building tile's kind ("extra_room") as the catalogs name one tile of it ("an extra room")."""
    tile = kind.replace("_", " ")
    return Term(f"{'an' if tile[0] in 'aeiou' else 'a'} {tile}")


def _unreadable(error: ValueError) -> Message | str:
    """Why an action's text cannot be read, in the learner's language when the reader said it so."""
    return error.args[0] if error.args and isinstance(error.args[0], Message) else str(error)
