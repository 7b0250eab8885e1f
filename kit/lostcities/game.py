"""Lost Cities (Reiner Knizia): a 2-player round or match, and the 4-player partner variant (LC-7).

    >>> from kit.lostcities import LostCities
    >>> from kit.lostcities.scenarios import arrange_deck
    >>> deck = arrange_deck(hands=[["Dx", "D4", "D7", "H2", "H9", "B5", "V3", "N10"],
    ...                            ["Hx", "H3", "B2", "B8", "D2", "V7", "V9", "N4"]], draw_pile=["D9"])
    >>> game = LostCities(deck=deck, rounds=1)     # or seed=7: a shuffled deck
    >>> game.legal_actions()[:2]          # the player to move chooses a card to play or discard
    [Play(card=Card(H2)), Discard(card=Card(H2))]
    >>> game.apply("discard D7")          # then draws, not the card just discarded (LC-3.3)
    >>> game.legal_actions()
    [Draw(pile=None, letter='deck')]
    >>> game.apply("draw deck")
    >>> game.view(0)["hand"]
    ['H2', 'H9', 'B5', 'Dx', 'D4', 'D9', 'V3', 'N10']

Rules: `shared/rules/lost-cities.md` (LC-1 ... LC-7). The rule functions live in `rules.py`, the
scoring in `scoring.py`; this module holds the state and answers the shared `kit.core.Game` contract.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from kit.core import Chance, Game, IllegalAction, InvariantBroken, Settings, register
from kit.core.errors import SetupRefused
from kit.core.events import Subject, final_scores_in_words, scores_in_words
from kit.core.game import is_whole, listed, lost_or_duplicated, short
from kit.i18n import N_, Message, Term, gettext, render

from . import rules
from .actions import Action, Discard, Draw, Pass, Play, parse
from .components import DEFAULT_EDITION, EDITIONS, MAX_DECK, Card, Components, load_components
from .playouts import FAST_PATH
from .scoring import expedition_score, side_score

MAX_ROUNDS = 100  # LC-2 suggests 3; a longer match is allowed, an endless one is a damaged file


@dataclass(frozen=True)
class LostCitiesSettings(Settings):
    """players: 2, or 4 for the partner variant (LC-7). rounds: LC-2 suggests 3.

    first_player: who starts round 1 (LC-2 says the oldest player; Decision: a parameter, default 0).
    edition: the shipped component set: "five" (the rulebook's 5 expeditions, 60 cards) or "six"
    (the newer editions' sixth, purple expedition, 72 cards; see `kit.lostcities.components`).
    components: a folder with your own expeditions.csv and cards.csv (2 to 6 expeditions), instead
    of an edition's.
    deck: a prearranged deck for lessons and tests, every card as text, top card first, instead of
    shuffling for round 1 (LC-2): player 0 is dealt the first 8 cards, player 1 the next 8, and so
    on; the rest is the draw pile. Later rounds are shuffled as usual.
    """

    players: int = 2
    seed: int = 0
    rounds: int = 3
    first_player: int = 0
    components: str | None = None
    deck: tuple[str, ...] | None = None
    edition: str = DEFAULT_EDITION

    player_counts = (2, 4)
    player_counts_text = N_("2 players, or 4 as partners (LC-7)")

    def __post_init__(self):
        super().__post_init__()
        if self.deck is not None:  # saves store lists; settings hold a tuple
            if not isinstance(self.deck, list | tuple) or len(self.deck) > MAX_DECK:
                raise SetupRefused(
                    "LC-1",
                    "deck must be a list of card texts (at most {most}), not {deck}",
                    most=MAX_DECK,
                    deck=short(self.deck),
                )
            if not all(isinstance(card, str) and len(card) <= 4 for card in self.deck):
                raise SetupRefused(
                    "LC-1", "deck must list cards as text like 'D7' or 'Dx', not {deck}", deck=short(self.deck)
                )
            object.__setattr__(self, "deck", tuple(self.deck))
        if not is_whole(self.rounds) or not 1 <= self.rounds <= MAX_ROUNDS:
            raise SetupRefused(
                None,
                "rounds must be a whole number from 1 to {most}, not {rounds}",
                most=MAX_ROUNDS,
                rounds=short(self.rounds),
            )
        self.check_seat("first_player", self.first_player)
        self.check_folder("components", self.components)
        if not isinstance(self.edition, str) or self.edition not in EDITIONS:
            raise SetupRefused(
                None,
                "edition must be one of {editions}, not {edition}",
                editions=", ".join(map(repr, EDITIONS)),
                edition=short(self.edition),
            )
        if self.components is not None and self.edition != DEFAULT_EDITION:
            raise SetupRefused(
                None,
                "give an edition (shipped cards) or components (a folder of your own), not both: "
                "to edit the {edition} cards, copy kit.lostcities.components.edition_folder({edition})",
                edition=repr(self.edition),
            )

    def to_dict(self) -> dict[str, Any]:
        """The settings as saved. The edition is written only when it is not the default, so a save of
        the five-expedition game reads as it did before editions existed (and loads as "five")."""
        data = super().to_dict()
        if data["edition"] == DEFAULT_EDITION:
            del data["edition"]
        return data


class ActionTable:
    """The action objects of one component set, made once and shared by every game that uses it
    (keyed by card text, whose hash Python caches). Two component sets may have equal card texts for
    different cards (another expedition order), so each set has its own table."""

    def __init__(self, components: Components):
        self.plays: dict[str, Play] = {}
        self.discards: dict[str, Discard] = {}
        self.passes: dict[tuple[str, str], Pass] = {}
        #: the draw actions: index 0 the draw pile, index 1 + e the discard pile of expedition e
        self.draws = [Draw(None)] + [Draw(e.index, e.key) for e in components.expeditions]
        self.trusted = {id(draw) for draw in self.draws}  # see Game.apply
        self.checked: dict = {}  # see Game.checked_action

    def play(self, card: Card) -> Play:
        action = self.plays.get(card.key)
        if action is None:
            action = self.plays[card.key] = Play(card)
            self.trusted.add(id(action))
        return action

    def discard(self, card: Card) -> Discard:
        action = self.discards.get(card.key)
        if action is None:
            action = self.discards[card.key] = Discard(card)
            self.trusted.add(id(action))
        return action

    def pass_(self, first: Card, second: Card) -> Pass:
        key = (first.key, second.key)
        action = self.passes.get(key)
        if action is None:
            action = self.passes[key] = Pass((first, second))
            self.trusted.add(id(action))
        return action


@lru_cache(maxsize=16)
def action_table(components: Components) -> ActionTable:
    return ActionTable(components)


@register
class LostCities(Game):
    """A game of Lost Cities. Players are seats 0..n-1; in LC-7, seats 0 and 2 form team 0."""

    name = "lost-cities"
    settings_type = LostCitiesSettings
    # facts the generic layers ask the game (kit.core.game): no name tests outside the game
    score_scale = 40.0  # a typical winning margin in points
    dataset = "lostcities"
    heuristic = f"{__package__}.heuristic"
    fast_path = FAST_PATH
    end_rule = "LC-6"
    moves = {
        Play: rules.play_to_expedition,  # LC-3.1
        Discard: rules.discard,  # LC-3.2
        Draw: rules.draw,  # LC-3.3
        Pass: rules.pass_cards,  # LC-7
    }

    settings: LostCitiesSettings
    hands: list[list[Card]]
    deck: list[Card]  # face down; the top card is the last one
    expeditions: list[list[list[Card]]]  # [side][expedition] -> cards in the order played
    tops: list[list[int]]  # [side][expedition] -> last number card's value, 0 if none yet
    discards: list[list[Card]]  # [expedition] -> pile, top card last
    to_move: int | None
    phase: str  # "play" (play, discard or pass), "draw", or "over"
    discarded_to: int | None  # the pile fed this turn, which may not be drawn from (LC-3.3)

    def _setup(self) -> None:
        self.components: Components = load_components(self.settings.components, self.settings.edition)
        self.components.check_deal(self.settings.players, rules.HAND_SIZE)
        self.is_over = False
        self.players = self.settings.players
        self.sides = 2  # two players, or two teams of partners
        self.starters: list[int] = []
        self.round_scores: list[list[int]] = []
        self._actions = action_table(self.components)
        self._draws = self._actions.draws
        self._trusted = self._actions.trusted
        self._checked = self._actions.checked
        rules.setup_round(self, self.settings.first_player)

    # -------------------------------------------------------------------------- who is who
    def side_of(self, player: int) -> int:
        """The side of the board a player plays on: their own, or their team's (LC-7)."""
        return player % 2

    def partner_of(self, player: int) -> int:
        return (player + 2) % 4

    @property
    def current_player(self) -> int | None:
        return self.to_move

    @property
    def round(self) -> int:
        return len(self.starters)

    # ---------------------------------------------------------------------------- actions
    def legal_actions(self) -> list[Action]:
        if self.phase == "draw":
            draws = self._draws
            return [draws[0]] + [
                draws[i + 1] for i, pile in enumerate(self.discards) if pile and i != self.discarded_to
            ]
        if self.phase == "over":
            return []
        hand = self.hands[self.to_move]
        tops = self.tops[self.to_move % 2]
        table = self._actions
        plays, discards = table.plays, table.discards
        actions: list[Action] = []
        for card in dict.fromkeys(hand):  # equal cards (investments, LC-7 copies) give one action
            top = tops[card.expedition]
            if not top or card.value > top:
                actions.append(plays.get(card.key) or table.play(card))
            actions.append(discards.get(card.key) or table.discard(card))
        if self.players == 4 and len(hand) - 2 >= rules.PASS_MIN_HAND:
            actions.extend(_passes(hand, table))
        return actions

    def random_action(self, chance: Chance) -> Action:
        """A uniformly random legal action: one ``chance.below(n)`` over the n distinct legal
        actions, no rejection loop (every legal action equally likely, as a pick from
        `legal_actions()` would be; equal cards give one action).

        The draw counts them in this order (the kernels follow it): to draw, the draw pile, then
        the discard piles by expedition (LC-3.3); to play, each distinct card's discard in hand
        order, then each playable distinct card's play in hand order (LC-3.1), then the passes of
        the 4-player game (LC-7) in `legal_actions()`' order.
        """
        phase = self.phase
        if phase == "draw":  # the draw pile, or a discard pile with a card other than the one just fed
            discards, forbidden = self.discards, self.discarded_to
            sources = 1 + len(discards) - discards.count([]) - (forbidden is not None)  # the fed pile is not empty
            pick = chance.below(sources)
            if pick:
                for e, pile in enumerate(discards):
                    if pile and e != forbidden:
                        pick -= 1
                        if not pick:
                            return self._draws[1 + e]
            return self._draws[0]
        if phase != "play":
            return super().random_action(chance)
        player = self.to_move
        hand, tops = self.hands[player], self.tops[player & 1]
        cards, plays, copies, previous = [], [], [], None  # distinct cards in hand order; playable; further copies
        for card in hand:  # equal cards (investments, LC-7 copies) give one action; in the sorted hand
            if card != previous:  # they lie side by side
                cards.append(card)
                top = tops[card.expedition]
                if not top or card.value > top:  # LC-3.1
                    plays.append(card)
                previous = card
            else:
                copies.append(card)
        passes = 0  # LC-7: every pair of distinct cards, and a card with its copy
        if self.players == 4 and len(hand) - 2 >= rules.PASS_MIN_HAND:
            twice = set(copies)
            passes = len(cards) * (len(cards) - 1) // 2 + len(twice)
        pick = chance.below(len(cards) + len(plays) + passes)
        table = self._actions
        if pick < len(cards):
            card = cards[pick]
            return table.discards.get(card.key) or table.discard(card)
        pick -= len(cards)
        if pick < len(plays):
            card = plays[pick]
            return table.plays.get(card.key) or table.play(card)
        return _pass_at(cards, twice, pick - len(plays), table)

    def reveals(self, action: Action) -> bool:
        """Whether `action` shows anyone a card they could not know (kit.core.reveals): a draw from
        the draw pile shows its player a hidden card (LC-3.3; the last one also ends the round, LC-4,
        and deals the next, LC-2); a card played or discarded from a hand shows it to every other
        seat (LC-3.1, LC-3.2) unless each of them knew it was in that hand (taken from a discard
        pile, or passed to them); two cards passed show them to the partner (LC-7) unless the
        partner knew both were there. A draw from a discard pile shows nothing new."""
        kind = type(action)
        if kind is Draw:
            return action.pile is None
        player = self.to_move
        if kind is Pass:
            return not self._known_held(self.partner_of(player), player, action.cards)
        return any(not self._known_held(seat, player, (action.card,)) for seat in range(self.players) if seat != player)

    def _known_held(self, viewer: int, holder: int, cards: tuple[Card, ...]) -> bool:
        """Whether `viewer` knows that `holder`'s hand holds all of `cards` (`known_in_hands`)."""
        pinned = Counter(card for card, holders in self.known_in_hands(viewer) if holders == {holder})
        return not Counter(cards) - pinned

    def action_rule(self) -> str:
        return "LC-3"

    def parse_action(self, text: str) -> Action:
        try:
            return parse(text, self.components)
        except ValueError as error:
            raise IllegalAction("LC-3", _unreadable(error)) from None

    # ----------------------------------------------------------------------------- scores
    def totals(self) -> list[int]:
        """LC-6: each side's points added over the rounds finished so far."""
        return [sum(scores[side] for scores in self.round_scores) for side in range(self.sides)]

    def scores(self) -> list[int]:
        """Each player's match total (in LC-7 both partners share their team's total)."""
        totals = self.totals()
        return [totals[self.side_of(p)] for p in range(self.players)]

    def winning_sides(self) -> list[int]:
        """LC-6: most points wins; Decision: equal totals are a draw (both sides listed)."""
        totals = self.totals()
        return [side for side, total in enumerate(totals) if total == max(totals)]

    def card_name(self, card: Card) -> Message:
        expedition = Term(self.components.expeditions[card.expedition].name)
        if card.value == 0:
            return Message("{expedition} investment card", expedition=expedition)
        return Message("{expedition} {value}", expedition=expedition, value=card.value)

    def unseen(self, viewer: int | None) -> list[Card]:
        """LC-3.4: the cards `viewer` cannot see now: neither in their own hand nor visible on the
        table (every expedition, the top card of each discard pile). That is the other hands (a
        partner's too), the draw pile, and the cards buried under a pile's top (only the top shows,
        LC-3.2; a player who remembers them knows more). `viewer=None` is a spectator. Sorted by
        expedition, then value; two copies of a card (LC-7) both appear."""
        left = Counter(self.components.deck(self.players))
        if viewer is not None:
            left.subtract(self.hands[viewer])
        for side in self.expeditions:
            for cards in side:
                left.subtract(cards)
        left.subtract(pile[-1] for pile in self.discards if pile)
        return sorted(left.elements())

    def _unseen_by_colour(self, viewer: int | None) -> dict[str, list[str]]:
        grouped: dict[str, list[str]] = {e.key: [] for e in self.components.expeditions}
        for card in self.unseen(viewer):
            grouped[card.key[0]].append(card.key)
        return grouped

    # ------------------------------------------------------------------------------ views
    def _public(self) -> dict[str, Any]:
        keys = [e.key for e in self.components.expeditions]
        return {
            "game": self.name,
            "legend": [{"key": e.key, "name": e.name, "colour": e.colour} for e in self.components.expeditions],
            "players": self.players,
            "teams": [[p for p in range(self.players) if self.side_of(p) == s] for s in range(self.sides)],
            "round": self.round,
            "rounds": self.settings.rounds,
            "to_move": self.to_move,
            "phase": self.phase,
            "forbidden_pile": None if self.discarded_to is None else keys[self.discarded_to],
            "deck_size": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "expeditions": [
                {keys[e]: [c.key for c in cards] for e, cards in enumerate(side)} for side in self.expeditions
            ],
            "expedition_scores": [[expedition_score(cards) for cards in side] for side in self.expeditions],
            "round_score": [side_score(side) for side in self.expeditions],
            "discard_tops": {keys[e]: (pile[-1].key if pile else None) for e, pile in enumerate(self.discards)},
            "discard_sizes": {keys[e]: len(pile) for e, pile in enumerate(self.discards)},
            "round_scores": [list(s) for s in self.round_scores],
            "totals": self.totals(),
            "starters": list(self.starters),
        }

    def view(self, player: int) -> dict[str, Any]:
        """What `player` sees (LC-3.4): every expedition, the discard tops, the draw pile's size, and
        their own hand. Not the other hands (a partner's neither), nor the draw pile's order."""
        if player not in range(self.players):
            raise ValueError(f"no player {player!r} in a {self.players}-player game")
        view = self._public()
        view["viewer"] = player
        view["open"] = False
        view["hand"] = [c.key for c in self.hands[player]]
        view["unseen"] = self._unseen_by_colour(player)  # LC-3.4: what this seat cannot see
        view["legal_actions"] = [str(a) for a in self.legal_actions()] if player == self.to_move else []
        return view

    def public_view(self) -> dict[str, Any]:
        """What a spectator sees (and a hot-seat screen between turns): no hand at all."""
        view = self._public()
        view["viewer"] = None
        view["open"] = False
        view["hand"] = []
        view["unseen"] = self._unseen_by_colour(None)
        view["legal_actions"] = []
        return view

    def open_view(self) -> dict[str, Any]:
        """The teaching view, open = True: every hand, every discard pile whole, the draw pile in order
        (top card first). Never show it to a player in a real game."""
        view = self._public()
        view["viewer"] = None
        view["open"] = True
        view["hands"] = [[c.key for c in hand] for hand in self.hands]
        # LC-3.4 from the seat to move (in the open mode everything shows, so this says what that
        # seat could not see in a real game)
        view["unseen"] = self._unseen_by_colour(self.to_move)
        view["deck"] = [c.key for c in reversed(self.deck)]
        view["discard_piles"] = {
            e.key: [c.key for c in pile] for e, pile in zip(self.components.expeditions, self.discards)
        }
        view["legal_actions"] = [str(a) for a in self.legal_actions()]
        return view

    def action_words(self, action: Action) -> str:
        if isinstance(action, Play):
            return render(N_("play {card}"), card=str(action.card))
        if isinstance(action, Discard):
            return render(N_("discard {card}"), card=str(action.card))
        if isinstance(action, Draw):
            if action.pile is None:
                return gettext("draw from the draw pile")
            pile = Term(self.components.expeditions[action.pile].name)
            return render(N_("draw from the {expedition} pile"), expedition=pile)
        first, second = action.cards
        return render(N_("pass {first} and {second}"), first=str(first), second=str(second))

    def describe(self, data: dict[str, Any], reader: int | None = None) -> str:
        who = Subject(data["player"], reader)
        names = {e.key: Term(e.name) for e in self.components.expeditions}
        kind = data["kind"]
        # LC-7: partners score as one side; the reader's own side is "your side"
        seat, own = ("player", reader) if self.players == 2 else ("side", None if reader is None else reader % 2)
        if kind == "round":
            if data["starter"] == reader:
                return render(N_("Round {round} begins; you start."), round=data["round"])
            return render(
                N_("Round {round} begins; player {starter} starts."), round=data["round"], starter=data["starter"]
            )
        if kind == "deal":
            if "hand" in data:
                return who.say(
                    N_("You are dealt {cards} cards: {hand}."),
                    N_("Player {player} is dealt {cards} cards: {hand}."),
                    cards=data["cards"],
                    hand=" ".join(data["hand"]),
                )
            return who.say(
                N_("You are dealt {cards} cards."), N_("Player {player} is dealt {cards} cards."), cards=data["cards"]
            )
        if kind == "play":
            return who.say(
                N_("You play {card} on your {expedition} expedition."),
                N_("Player {player} plays {card} on their {expedition} expedition."),
                card=data["card"],
                expedition=names[data["card"][0]],
            )
        if kind == "discard":
            return who.say(
                N_("You discard {card} on the {expedition} pile."),
                N_("Player {player} discards {card} on the {expedition} pile."),
                card=data["card"],
                expedition=names[data["card"][0]],
            )
        if kind == "draw":
            card = data.get("card") or gettext("a card")
            if data["from"] == "deck":
                return who.say(
                    N_("You draw {card} from the draw pile."),
                    N_("Player {player} draws {card} from the draw pile."),
                    card=card,
                )
            return who.say(
                N_("You draw {card} from the {expedition} pile."),
                N_("Player {player} draws {card} from the {expedition} pile."),
                card=card,
                expedition=names[data["from"]],
            )
        if kind == "pass":
            cards = (
                render(N_("{first} and {second}"), first=data["cards"][0], second=data["cards"][1])
                if "cards" in data
                else gettext("two cards")
            )
            if data["to"] == reader:
                return render(
                    N_("Player {player} passes {cards} face down to you."), player=data["player"], cards=cards
                )
            return who.say(
                N_("You pass {cards} face down to partner {partner}."),
                N_("Player {player} passes {cards} face down to partner {partner}."),
                cards=cards,
                partner=data["to"],
            )
        if kind == "score":
            scored, totals = scores_in_words(seat, data["scores"], own), scores_in_words(seat, data["totals"], own)
            return render(
                N_("Round {round} ends: {scores}; match totals {totals}."),
                round=data["round"],
                scores=scored,
                totals=totals,
            )
        if kind == "end":
            return final_scores_in_words("match", seat, data["totals"], data["winners"], own)
        return f"{kind} {data}"

    # ----------------------------------------------------------------- copies and checks
    def clone(self) -> LostCities:
        copy = object.__new__(LostCities)
        copy.__dict__.update(self.__dict__)
        copy.chance = self.chance.clone()
        copy.history = list(self.history)
        copy.log = list(self.log)
        copy.hands = [list(h) for h in self.hands]
        copy.deck = list(self.deck)
        copy.expeditions = [[list(cards) for cards in side] for side in self.expeditions]
        copy.tops = [list(t) for t in self.tops]
        copy.discards = [list(p) for p in self.discards]
        copy.starters = list(self.starters)
        copy.round_scores = [list(s) for s in self.round_scores]
        return copy

    def known_in_hands(self, viewer: int) -> list[tuple[Card, frozenset[int]]]:
        """The cards in other hands that `viewer` knows of this round, each with who may hold it.

        Read from the events `viewer` was shown: a card taken from a discard pile (LC-3.3) is known
        to be in its taker's hand until it is played or discarded again; in LC-7 the two cards a
        viewer passed are known to be in the partner's hand, and two cards passed between the
        other team's partners make each known card of the passer "in one of those two hands".
        """
        known: list[tuple[Card, frozenset[int]]] = []

        def forget(card: Card, holder: int) -> None:
            # of the known copies the holder may have, the one pinned most tightly left their hand
            matches = [i for i, (c, holders) in enumerate(known) if c == card and holder in holders]
            if matches:
                del known[min(matches, key=lambda i: len(known[i][1]))]

        log = self.log
        start = len(log) - 1
        while log[start][1] != "round":  # LC-2: a new round deals every card anew
            start -= 1
        card_of = self.components.cards_by_key.__getitem__
        for index in range(start + 1, len(log)):
            entry = log[index]
            kind, player, public = entry[1], entry[2], entry[3]
            if player == viewer:
                if kind == "pass" and entry[4] is not None:  # the viewer's own two cards, now the partner's
                    known.extend((card_of(key), frozenset({public["to"]})) for key in entry[4]["cards"])
            elif kind == "draw":
                if "card" in public:  # taken from a discard pile, face up
                    known.append((card_of(public["card"]), frozenset({player})))
            elif kind in ("play", "discard"):
                if known:
                    forget(card_of(public["card"]), player)
            elif kind == "pass":
                partner = public["to"]
                # the viewer saw which two cards came (not in a practice game's log, which keeps only
                # what its reader saw of the game it branched from)
                if partner == viewer and entry[4] is not None:
                    for key in entry[4]["cards"]:
                        forget(card_of(key), player)
                else:  # two unknown cards went over: what the passer held may now be with either
                    known[:] = [(c, holders | {partner}) if player in holders else (c, holders) for c, holders in known]
        return known

    def determinize(self, player: int, chance: Chance) -> LostCities:
        """A copy in which every card `player` cannot know is redealt at random (see `Game`).

        Kept: the table, `player`'s hand, and the cards of other hands that `player` knows of
        (`known_in_hands`). Redealt uniformly: the rest of the other hands (a partner's too) and
        the draw pile, which keep their sizes. The copy's own chance (the next rounds' shuffles)
        comes from `chance`, never from the real game's generator, and nothing in the copy depends
        on what `player` cannot see (the unknown cards are sorted before they are shuffled).
        """
        copy = self.clone()
        copy.chance = chance.fork()
        others = [p for p in range(self.players) if p != player]
        unseen = Counter(self.deck)
        for p in others:
            unseen.update(self.hands[p])
        hands: dict[int, list[Card]] = {p: [] for p in others}
        known = sorted(self.known_in_hands(player), key=lambda entry: (len(entry[1]), entry[0], sorted(entry[1])))
        unseen.subtract(card for card, _ in known)
        for card, holders in known:
            # a uniformly chosen free place among the hands that may hold it
            free = [(p, len(self.hands[p]) - len(hands[p])) for p in sorted(holders)]
            place = chance.below(sum(room for _, room in free))
            for p, room in free:
                if place < room:
                    hands[p].append(card)
                    break
                place -= room
        rest = sorted(unseen.elements())
        chance.shuffle(rest)
        for p in others:
            take = len(self.hands[p]) - len(hands[p])
            copy.hands[p] = sorted(hands[p] + rest[len(rest) - take :])
            del rest[len(rest) - take :]
        copy.deck = rest
        return copy

    def check_invariants(self) -> None:
        """Every card of the deck is in exactly one place, each pile and expedition of its own colour;
        expeditions rise strictly (LC-3.1); the hands hold what LC-2, LC-3 and LC-7 leave in them; the
        seat to move is the one the turns so far give (LC-3); the rounds played, their starters and
        scores are ones a match can have (LC-4 ... LC-6)."""
        colours = len(self.components.expeditions)
        if self.players != self.settings.players or self.sides != 2:
            raise InvariantBroken(
                "LC-1",
                "the game has {players} players on {sides} sides, but it was set up for {wanted} players",
                players=short(self.players),
                sides=short(self.sides),
                wanted=self.settings.players,
            )
        shapes = (len(self.hands), len(self.expeditions), len(self.tops), len(self.discards))
        if shapes != (self.players, 2, 2, colours) or any(
            len(side) != colours for side in self.expeditions + self.tops
        ):
            raise InvariantBroken(
                "LC-1", "each player needs a hand, and each colour a discard pile and an expedition for each side"
            )
        where = Counter(self.deck)
        for hand in self.hands:
            where.update(hand)
        for pile in self.discards:
            where.update(pile)
        for side in self.expeditions:
            for cards in side:
                where.update(cards)
        deck = Counter(self.components.deck(self.players))
        if where != deck:
            raise lost_or_duplicated(
                "LC-1", N_("cards are lost or duplicated (too many: {extra}; missing: {missing})"), where, deck
            )
        for player, hand in enumerate(self.hands):  # random_action finds equal cards side by side
            if hand != sorted(hand):
                raise InvariantBroken(
                    "LC-2",
                    "player {player}'s hand is out of order: hands are kept sorted by expedition, then value",
                    player=player,
                )
        if any(card.expedition != e for e, pile in enumerate(self.discards) for card in pile):
            raise InvariantBroken("LC-3.2", "a discard pile holds a card of another colour")
        if any(card.expedition != e for side in self.expeditions for e, cards in enumerate(side) for card in cards):
            raise InvariantBroken("LC-3.1", "an expedition holds a card of another colour")
        for side, tops in zip(self.expeditions, self.tops):
            for cards, top in zip(side, tops):
                values = [c.value for c in cards]
                numbers = [v for v in values if v]
                if values != sorted(values) or len(set(numbers)) != len(numbers):
                    raise InvariantBroken(
                        "LC-3.1", "an expedition's cards do not rise strictly: {cards}", cards=listed(cards)
                    )
                if top != (numbers[-1] if numbers else 0):
                    raise InvariantBroken(
                        "LC-3.1", "the top card recorded for an expedition is not the last number card on it"
                    )
        self._check_match()
        if not self.is_over:
            if not self.deck:
                raise InvariantBroken("LC-4", "the draw pile is empty, so the round should have ended")
            self._check_hands()
            self._check_turn()

    def _check_match(self) -> None:
        """The rounds played so far: their number (LC-6), starters (LC-2, LC-6) and scores (LC-5)."""
        played, rounds = len(self.round_scores), self.settings.rounds
        if self.is_over is not (self.phase == "over") or self.is_over is not (played == rounds):
            if self.is_over is not (self.phase == "over"):
                raise InvariantBroken("LC-6", "the match is marked both over and not over")
            if self.is_over:
                raise InvariantBroken(
                    "LC-6",
                    "the match is over, but only {played} of {rounds} rounds are scored",
                    played=played,
                    rounds=rounds,
                )
            raise InvariantBroken(
                "LC-6",
                "{played} rounds are scored, but the match of {rounds} rounds is not over",
                played=played,
                rounds=rounds,
            )
        if self.is_over is not (self.to_move is None) or self.phase not in ("play", "draw", "over"):
            raise InvariantBroken(
                "LC-3",
                "no turn has the phase {phase} with seat {seat} to move",
                phase=short(self.phase),
                seat=short(self.to_move),
            )
        if len(self.starters) != min(played + 1, rounds) or played > rounds:
            raise InvariantBroken(
                "LC-6",
                "{begun} rounds are begun and {played} scored in a match of {rounds} rounds",
                begun=len(self.starters),
                played=played,
                rounds=rounds,
            )
        low, high = _side_score_range(self.components, self.players)
        for scores in self.round_scores:
            if len(scores) != self.sides or not all(is_whole(s) and low <= s <= high for s in scores):
                raise InvariantBroken(
                    "LC-5",
                    "no round's cards can score {scores}: each side scores between {low} and {high}",
                    scores=listed(scores),
                    low=low,
                    high=high,
                )
        if not all(seat in range(self.players) for seat in self.starters):
            raise InvariantBroken(
                "LC-2",
                "the rounds were begun by {starters}, and not all of them are seats",
                starters=listed(self.starters),
            )
        starter, totals = self.settings.first_player, [0] * self.sides
        for index, (begun, scores) in enumerate(zip(self.starters, self.round_scores + [None])):
            if begun != starter:
                rule = "LC-2" if index == 0 else "LC-6"
                raise InvariantBroken(
                    rule,
                    "round {round} was begun by player {begun}, not by player {starter}",
                    round=index + 1,
                    begun=begun,
                    starter=starter,
                )
            if scores is not None:
                totals = [total + score for total, score in zip(totals, scores)]
                starter = rules.starter_after(begun, totals, self.players)

    def _check_hands(self) -> None:
        """LC-2 deals 8 cards each and LC-3 keeps them at 8, less the card laid by the player about
        to draw; in LC-7 a pass moves two to the partner, never leaving fewer than six (the partners'
        hands hold 16 between them)."""
        drawing = self.to_move if self.phase == "draw" else None
        sizes = [len(hand) for hand in self.hands]
        if self.players == 2:
            expected = [rules.HAND_SIZE - (p == drawing) for p in range(2)]
            if sizes != expected:
                raise InvariantBroken(
                    "LC-3",
                    "the hands hold {sizes} cards, but LC-2 and LC-3 keep them at {expected}",
                    sizes=listed(sizes),
                    expected=listed(expected),
                )
            return
        for side in range(self.sides):
            team = [p for p in range(self.players) if self.side_of(p) == side]
            held = sum(sizes[p] for p in team)
            wanted = 2 * rules.HAND_SIZE - (drawing in team)
            if held != wanted or any(sizes[p] < rules.PASS_MIN_HAND - (p == drawing) for p in team):
                raise InvariantBroken(
                    "LC-7",
                    "the partners {team} hold {sizes} cards: together they keep {wanted}, and each at least {least}",
                    team=listed(team),
                    sizes=listed([sizes[p] for p in team]),
                    wanted=wanted,
                    least=rules.PASS_MIN_HAND,
                )

    def _check_turn(self) -> None:
        """LC-3: the seat to move and the pile it may not draw from follow from the round's last turn
        in the log: the starter begins (LC-2); after a draw or a pass the next seat plays; after a
        card is laid the same seat draws, not from the pile just fed (LC-3.3)."""
        if self.to_move not in range(self.players):
            raise InvariantBroken("LC-3", "seat {seat} is not a seat of this game", seat=short(self.to_move))
        fed = self.discarded_to
        if fed is not None and (self.phase != "draw" or fed not in range(len(self.discards)) or not self.discards[fed]):
            raise InvariantBroken("LC-3.3", "a pile is closed to drawing only just after a card was discarded on it")
        for entry in reversed(self.log):
            kind, player, public = entry[1], entry[2], entry[3]
            if kind == "round":
                expected = ("play", public["starter"], None)
                if (public["round"], public["starter"]) != (len(self.starters), self.starters[-1]):
                    raise InvariantBroken(
                        "LC-2",
                        "the game's record begins round {logged}, not round {begun}",
                        logged=short(public["round"]),
                        begun=len(self.starters),
                    )
            elif kind in ("draw", "pass"):
                expected = ("play", (player + 1) % self.players, None)
            elif kind in ("play", "discard"):
                fed = self.components.cards_by_key[public["card"]].expedition if kind == "discard" else None
                expected = ("draw", player, fed)
            else:
                continue
            if (self.phase, self.to_move) != expected[:2]:
                raise InvariantBroken(
                    "LC-3",
                    "after the last move ({move}), player {expected} should {step}, not player {seat}",
                    move=Message(_LAST_MOVE[kind], player=player, round=public.get("round")),
                    expected=expected[1],
                    step=Message(_STEP[expected[0]]),
                    seat=self.to_move,
                )
            if self.discarded_to != expected[2]:
                raise InvariantBroken(
                    "LC-3.3",
                    "after the last move ({move}), only the pile just discarded on is closed to drawing",
                    move=Message(_LAST_MOVE[kind], player=player, round=public.get("round")),
                )
            return
        raise InvariantBroken("LC-2", "the game's record holds no round begun")


#: the last move of the game's record, as `_check_turn` names it
_LAST_MOVE = {
    "round": N_("round {round} began"),
    "draw": N_("player {player} drew a card"),
    "pass": N_("player {player} passed two cards"),
    "play": N_("player {player} played a card"),
    "discard": N_("player {player} discarded a card"),
}
#: what the player to move does next in each step of a turn
_STEP = {"play": N_("play or discard a card"), "draw": N_("draw a card")}


@lru_cache(maxsize=16)
def _side_score_range(components: Components, players: int) -> tuple[int, int]:
    """LC-5: the least and the most one side can score in a round with these cards: in each colour
    every investment card and no number card, or every investment card and each value once."""
    low = high = 0
    for expedition in components.expeditions:
        cards = [card for card in components.deck(players) if card.expedition == expedition.index]
        investments = [card for card in cards if not card.value]
        numbers = list({card.value: card for card in cards if card.value}.values())
        low += min(0, expedition_score(investments))
        high += max(0, expedition_score(investments + numbers))
    return low, high


def _passes(hand: list[Card], table: ActionTable) -> list[Pass]:
    """LC-7: every distinct pair of cards from the hand (two equal cards only if both are held)."""
    counts = Counter(hand)
    distinct = sorted(counts)
    pairs = []
    for i, first in enumerate(distinct):
        if counts[first] >= 2:
            pairs.append(table.pass_(first, first))
        for second in distinct[i + 1 :]:
            pairs.append(table.pass_(first, second))
    return pairs


def _pass_at(cards: list[Card], twice: set[Card], index: int, table: ActionTable) -> Pass:
    """The pass at `index` in `_passes`' order, found without listing them: `cards` are the hand's
    distinct cards in order, `twice` those it holds two or more of."""
    for i, first in enumerate(cards):
        if first in twice:
            if not index:
                return table.pass_(first, first)
            index -= 1
        later = len(cards) - 1 - i  # (first, each later card)
        if index < later:
            return table.pass_(first, cards[i + 1 + index])
        index -= later
    raise IndexError("no such pass")


def _unreadable(error: ValueError) -> Message | str:
    """Why an action's text cannot be read, in the learner's language when the reader said it so."""
    return error.args[0] if error.args and isinstance(error.args[0], Message) else str(error)
