"""`determinize(viewer, chance)`: a copy of the game in which everything the viewer cannot know is
redealt at random. The advisor and the ISMCTS bot stand on it, so it is tested from three sides:

- it depends on nothing the viewer cannot know: two games the viewer cannot tell apart (hidden cards
  moved, the real generator reseeded) give the same copy, and the copies play on identically;
- it agrees with everything the viewer could rebuild from the events it was shown (cards taken from
  a discard pile, Samoa's used piles and purses, the backs of Overbooking's face-down cards);
- it redeals the rest uniformly (how often each unseen card lands in a hand, over many redeals).
"""

from __future__ import annotations

from collections import Counter

import pytest

from kit.core import Chance, random_playout
from kit.lostcities import LostCities
from kit.overbooking import Overbooking
from kit.samoa import Samoa

from .cases import CASES


# ------------------------------------------------------------------------------ twin games
def _round_start(game) -> int:
    return max(i for i, entry in enumerate(game.log) if entry[1] == "round")


def _lost_cities_twin(game: LostCities, viewer: int, chance: Chance) -> LostCities:
    """Swap cards the viewer has never seen named this round between other hands and the draw pile."""
    twin = game.clone()
    named = {entry[3].get("card") for entry in game.log[_round_start(game) :]}
    named |= {key for entry in game.log[_round_start(game) :] if entry[1] == "pass" for key in entry[4]["cards"]}
    others = [p for p in range(game.players) if p != viewer]
    for _ in range(6):
        p = others[chance.below(len(others))]
        hand = twin.hands[p]
        spots = [i for i, card in enumerate(hand) if card.key not in named]
        if not spots or not twin.deck:
            continue
        i, j = spots[chance.below(len(spots))], chance.below(len(twin.deck))
        hand[i], twin.deck[j] = twin.deck[j], hand[i]
        hand.sort()
    chance.shuffle(twin.deck)
    return twin


def _samoa_twin(game: Samoa, viewer: int, chance: Chance) -> Samoa:
    """Another secret choice for each other player who chose face down; decks and supplies reordered."""
    twin = game.clone()
    if game.phase == "choose":
        for p in range(game.players):
            if p != viewer and twin.chosen[p] is not None:
                could = twin.hands[p] + [twin.chosen[p]]
                twin.chosen[p] = could.pop(chance.below(len(could)))
                twin.hands[p] = could
                twin.sort_hand(p)
    chance.shuffle(twin.tourist_deck)
    chance.shuffle(twin.building_deck)
    for tiles in twin.supply.values():
        chance.shuffle(tiles)
    return twin


def _overbooking_twin(game: Overbooking, viewer: int, chance: Chance) -> Overbooking:
    """Other hands and decks mixed, face-down cards swapped for look-alikes, the viewer's deck and
    the hotel tiles reordered."""
    twin = game.clone()
    for p in range(game.players):
        if p == viewer:
            chance.shuffle(twin.decks[p])
            continue
        pool = twin.hands[p] + twin.decks[p]
        for hotel in twin.hotels:
            for where, slots in (("queue", hotel.queue), ("back", hotel.back)):
                for slot in slots:
                    if slot.owner != p or slot.face_up:
                        continue
                    barred = hotel.rule[3:] if where == "queue" and hotel.rule.startswith("no:") else None
                    alike = [
                        i
                        for i, c in enumerate(pool)
                        if c.crest == slot.card.crest and c.size == slot.card.size and c.kind != barred
                    ]
                    if alike:
                        i = alike[chance.below(len(alike))]
                        pool[i], slot.card = slot.card, pool[i]
        chance.shuffle(pool)
        size = len(twin.hands[p])
        twin.hands[p] = sorted(pool[:size], key=twin.card_order)
        twin.decks[p] = pool[size:]
    chance.shuffle(twin.tiles)
    return twin


TWINS = {LostCities: _lost_cities_twin, Samoa: _samoa_twin, Overbooking: _overbooking_twin}
cases = pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])


def _positions(new_game, seed: int, every: int, steps: int):
    game = new_game(seed)
    chance = Chance(seed + 500)
    for step in range(steps):
        if game.is_over:
            return
        if step % every == every - 1:
            yield game
        game.apply(game.random_action(chance))


@cases
def test_a_copy_depends_only_on_what_the_viewer_can_know(case):
    """Catches a copy that keeps a real hidden card (an opponent's hand, a secret choice, a face-down
    card, a deck's order) or the real game's generator (and so its future draws)."""
    compared = differed = 0
    for game in _positions(case.new_game, 3, every=7, steps=260):
        for viewer in range(game.players):
            twin = TWINS[type(game)](game, viewer, Chance(compared))
            twin.chance = Chance(10**6 + compared)  # the real future, unknown to the viewer
            assert twin.view(viewer) == game.view(viewer)
            differed += twin.open_view() != game.open_view()
            a, b = game.determinize(viewer, Chance(7)), twin.determinize(viewer, Chance(7))
            assert a.fingerprint() == b.fingerprint(), f"step {len(game.history)}, viewer {viewer}"
            random_playout(a, Chance(1), 80)
            random_playout(b, Chance(1), 80)
            assert a.fingerprint() == b.fingerprint(), "the copies' futures differ: one knows the real chance"
            compared += 1
    assert compared >= 10 and differed > compared / 2


@cases
def test_a_copy_does_not_share_the_real_future(case):
    """The copy's generator (next rounds' shuffles, tourists, hotel sides) is not a clone of the real
    one, and two copies made with different chance differ in their futures too."""
    for n, game in enumerate(_positions(case.new_game, 4, every=11, steps=120)):
        real = game.chance.clone()
        copy = game.determinize(0, Chance(n))
        assert copy.chance is not game.chance
        assert [copy.chance.random() for _ in range(4)] != [real.random() for _ in range(4)]


# ------------------------------------------------------------------------------ Lost Cities
def _lost_cities_with_known_card(seed: int) -> tuple[LostCities, list]:
    """A 2-player round in which player 1 has taken a card from a discard pile and still holds it."""
    game = LostCities(seed=seed, rounds=1)
    chance = Chance(seed)
    while True:
        game.apply(game.random_action(chance))
        taken = [entry[3]["card"] for entry in game.log if entry[1] == "draw" and entry[2] == 1 and "card" in entry[3]]
        held = [key for key in taken if key in {c.key for c in game.hands[1]}]
        if held and game.to_move == 0 and game.phase == "play":
            return game, held


def test_lost_cities_copy_keeps_a_card_taken_from_a_discard_pile_and_redeals_the_rest_uniformly():
    """Catches a copy that leaves the opponent's real hand in place (the draw pile alone shuffled),
    one that also redeals a card the viewer saw the opponent take, and any bias in the redeal."""
    game, held = _lost_cities_with_known_card(5)
    known = [c.key for c in game.hands[1] if c.key in held]
    unseen = Counter(c.key for c in game.deck + game.hands[1]) - Counter(known)
    places = len(game.hands[1]) - len(known)
    redeals = 3000
    in_hand: Counter = Counter()
    for i in range(redeals):
        copy = game.determinize(0, Chance(i))
        hand = Counter(c.key for c in copy.hands[1])
        assert hand & Counter(known) == Counter(known), "a card seen taken from a discard pile was redealt"
        in_hand.update(hand - Counter(known))
        assert copy.hands[0] == game.hands[0] and copy.discards == game.discards
    assert set(in_hand) == set(unseen)
    for key, copies in unseen.items():
        p = copies * places / sum(unseen.values())
        expected, spread = redeals * p, (redeals * p * (1 - p)) ** 0.5
        assert abs(in_hand[key] - expected) < 5 * spread, (key, in_hand[key], expected)


def test_lost_cities_known_card_is_forgotten_once_let_go_and_a_new_round_forgets_all():
    game, held = _lost_cities_with_known_card(8)
    card = game.components.card(held[0])
    before = [c for c, holders in game.known_in_hands(0) if holders == {1}].count(card)
    assert before >= 1
    game.apply(f"discard {game.hands[0][0]}")
    game.apply("draw deck")
    game.apply(f"discard {card}")  # player 1 lets the known card go again
    assert [c for c, _ in game.known_in_hands(0)].count(card) == before - 1
    game = LostCities(seed=8, rounds=2)
    chance = Chance(8)
    while game.round == 1:
        known_before = game.known_in_hands(0) + game.known_in_hands(1)
        game.apply(game.random_action(chance))
    assert known_before, "the first round should have left known cards to forget"
    assert game.known_in_hands(0) == [] and game.known_in_hands(1) == []


def test_lost_cities_what_the_viewer_knows_is_true_and_kept_in_every_copy():
    """Along 2- and 4-player games, every card `known_in_hands` names is really in one of the hands it
    names, and stays there in every copy; a card the viewer passed stays with the partner (LC-7)."""
    checked = passed = 0
    for players, seed in ((2, 1), (2, 2), (4, 3), (4, 4)):
        game = LostCities(players=players, seed=seed, rounds=1)
        chance = Chance(seed)
        while not game.is_over:
            game.apply(game.random_action(chance))
            if len(game.history) % 5:
                continue
            for viewer in range(players):
                known = game.known_in_hands(viewer)
                copy = game.determinize(viewer, Chance(len(game.history)))
                for card, holders in known:
                    assert viewer not in holders
                    assert any(card in game.hands[h] for h in holders), (card, holders)
                    assert any(card in copy.hands[h] for h in holders), (card, holders)
                    checked += 1
                    passed += len(holders) == 1 and players == 4 and game.partner_of(viewer) in holders
    assert checked > 100 and passed > 5


def test_lost_cities_cards_passed_between_the_other_partners_may_be_with_either():
    game = LostCities(players=4, seed=2, rounds=1)
    chance = Chance(2)
    while True:
        game.apply(game.random_action(chance))
        known = game.known_in_hands(0)
        if any(len(holders) == 2 for _, holders in known):
            break
    card, holders = next((c, h) for c, h in known if len(h) == 2)
    assert holders == {1, 3}
    where = Counter(next(h for h in (1, 3) if card in game.determinize(0, Chance(i)).hands[h]) for i in range(400))
    assert where[1] > 100 and where[3] > 100, where


# ------------------------------------------------------------------------------ Samoa
def _ring_points(hotel_view: dict) -> int:
    """A hotel's swim-ring points as its public view shows them ("N bather 2" is a bather of ring 2)."""
    return sum(int(label.rsplit(" ", 1)[1]) for room in hotel_view["rooms"] for label in room if "bather" in label)


def test_samoa_copy_keeps_used_piles_and_purses_as_the_public_log_rebuilds_them():
    """Catches a copy that redeals other players' used price cards between hand and used pile (every
    used card was shown face up when played) or changes a purse. The test rebuilds both from what a
    spectator is shown, event by event, and checks the real game and every copy against it."""
    for players, seed in ((3, 2), (5, 6)):
        game = Samoa(players=players, seed=seed)
        chance = Chance(seed)
        used = [[] for _ in range(players)]
        money = [game.components.start_money] * players
        earned = [0] * players  # paid out together at the end of the tourist phase (SA-3.6)
        while not game.is_over:
            hotels = game.public_view()["hotels"]
            seen = len(game.log)
            game.apply(game.random_action(chance))
            for event in game.events_for(None, since=seen):
                kind, p = event["kind"], event["player"]
                if kind == "card" and event["fate"] == "discarded":
                    used[p].append(event["card"])
                elif kind == "take-back":
                    for card in event["cards"]:
                        used[p].remove(card)
                elif kind == "buy":
                    money[p] -= event["bid"]
                elif kind == "place":
                    earned[p] += event["pays"]
                elif kind == "payout":
                    money[p], earned[p] = money[p] + earned[p], 0
                elif kind == "pool-bonus":  # SA-9.3: 1 Tala per ring point in the hotel, all public
                    money[p] += _ring_points(hotels[p])
            if len(game.history) % 9:
                continue
            assert [sorted(u) for u in game.used] == [sorted(u) for u in used]
            assert game.money == money
            for viewer in range(players):
                copy = game.determinize(viewer, Chance(len(game.history)))
                assert copy.used == game.used and copy.money == money
                for p in range(players):
                    if p == viewer or game.phase != "choose" or game.chosen[p] is None:
                        assert copy.hands[p] == game.hands[p] and copy.chosen[p] == game.chosen[p]


def test_samoa_copy_redeals_a_secret_choice_uniformly_among_the_cards_that_could_be_it():
    game = Samoa(players=4, seed=9)
    game.apply(f"choose {game.hands[0][3]}")
    game.apply(f"choose {game.hands[1][5]}")
    could = game.hands[1] + [game.chosen[1]]
    picks = Counter(game.determinize(2, Chance(i)).chosen[1] for i in range(2200))
    assert set(picks) == set(could)
    for card in could:  # 200 expected each
        assert abs(picks[card] - 200) < 5 * (200 * (1 - 1 / 11)) ** 0.5, (card, picks[card])
    assert all(game.determinize(0, Chance(i)).chosen[0] == game.chosen[0] for i in range(20))


# ------------------------------------------------------------------------------ Overbooking
def _face_down(game: Overbooking):
    for number, hotel in enumerate(game.hotels, 1):
        for where, slots in (("queue", hotel.queue), ("back", hotel.back)):
            for position, slot in enumerate(slots):
                if not slot.face_up:
                    yield number, where, position, slot


def test_overbooking_copy_swaps_face_down_cards_only_for_look_alikes():
    """Each face-down card of another player becomes a card of the same owner, crest and size (what its
    back shows); the viewer's own face-down cards stay as they are."""
    swapped = 0
    for players, seed in ((2, 1), (4, 2), (3, 3)):
        for game in _positions(lambda s, n=players: Overbooking(players=n, seed=s), seed, 3, 60):
            for viewer in range(players):
                copy = game.determinize(viewer, Chance(seed))
                for (_, _, _, slot), (_, _, _, new) in zip(_face_down(game), _face_down(copy), strict=True):
                    card = new.card
                    assert (new.owner, card.colour, card.crest, card.size) == (
                        slot.owner,
                        slot.card.colour,
                        slot.card.crest,
                        slot.card.size,
                    )
                    if slot.owner == viewer:
                        assert card == slot.card
                    swapped += card != slot.card
    assert swapped > 30


def test_overbooking_no_x_hotel_rule_holds_in_every_copy():
    """A large face-down card in the queue of a "no soldiers" hotel (OB-6) is a noble or a worker in
    every copy, each about half the time, never the soldier of that crest."""
    game = Overbooking(players=2, seed=4, scenario={"hotels": [{"rule": "no:soldier"}]})
    card = next(c for c in game.hands[0] if c.size == "large" and c.kind != "soldier")
    game.apply(f"queue {card.key} at 1")
    kinds = Counter(game.determinize(1, Chance(i)).hotels[0].queue[0].card.kind for i in range(600))
    assert set(kinds) == {"noble", "worker"} and min(kinds.values()) > 240, kinds


def test_overbooking_copy_reshuffles_the_viewers_own_deck():
    """Its order is hidden from its owner too: a copy that keeps it knows the viewer's next draws."""
    game = Overbooking(players=3, seed=5)
    orders = {tuple(c.key for c in game.determinize(0, Chance(i)).decks[0]) for i in range(30)}
    assert len(orders) == 30 and tuple(c.key for c in game.decks[0]) not in orders


def test_overbooking_a_hand_that_could_place_nothing_stays_such_a_hand():
    """A seat that can place nothing in stage 1 (found by playing random games from seed 0 on) tells
    everyone that no card in that hand fits any open place. Until the round's stage 1 ends, every
    copy deals that seat a hand that can place nothing either."""
    from kit.overbooking.rules import can_place

    def stuck(seed: int):
        game, chance = Overbooking(players=2, seed=seed), Chance(seed)
        while not game.is_over:
            logged = len(game.log)
            game.apply(game.random_action(chance))
            for entry in game.log[logged:]:
                seat = entry[2] if entry[1] == "no-placement" else None
                if seat is not None and game.stage == 1 and game.hands[seat] and not can_place(game, seat):
                    return game, seat
        return None

    game, seat = next(found for found in map(stuck, range(1000)) if found is not None)
    assert game.hands[seat] and not can_place(game, seat)
    for i in range(40):
        copy = game.determinize(1 - seat, Chance(i))
        assert not can_place(copy, seat), [c.key for c in copy.hands[seat]]


@pytest.mark.parametrize("full, other", [(3, 1), (1, 3)])
def test_lost_cities_cards_one_hand_must_hold_are_placed_before_cards_of_either_hand(full, other):
    """A hand whose every free place is taken by cards known to be in it: a card that may be in it or
    in another hand must go to the other one. Placing the most tightly pinned cards first gets this
    right whatever the cards' order (here the looser card sorts first by its name); a full hand has
    no place left, not one."""
    games = (LostCities(players=4, seed=seed, rounds=1) for seed in range(50))
    game = next(g for g in games if g.hands[other] < g.hands[full])
    pinned = list(game.hands[full])
    loose = min(game.hands[other])
    game.known_in_hands = lambda viewer: [(loose, frozenset({1, 3}))] + [(card, frozenset({full})) for card in pinned]
    for i in range(30):
        copy = game.determinize(0, Chance(i))
        assert copy.hands[full] == pinned and loose in copy.hands[other]
        assert [len(hand) for hand in copy.hands] == [len(hand) for hand in game.hands]


def test_lost_cities_a_card_let_go_is_the_copy_known_most_tightly():
    """Seat 1 takes a D3 from the discards, passes two cards to seat 3 (that D3 may now be with either),
    takes the other D3 and plays a D3: the D3 known to be in one of the two hands is still there; the
    one pinned to seat 1 alone is the one that went (forgetting the first match would claim seat 1
    surely still holds a D3)."""
    game = LostCities(players=4, seed=1, rounds=1)
    d3 = game.components.card("D3")
    game.log += [
        ("LC-3.3", "draw", 1, {"from": "D", "card": "D3"}),
        ("LC-7", "pass", 1, {"to": 3}, {"cards": ["H2", "H3"]}, (1, 3)),
        ("LC-3.3", "draw", 1, {"from": "D", "card": "D3"}),
        ("LC-3.1", "play", 1, {"card": "D3"}),
    ]
    assert game.known_in_hands(0) == [(d3, frozenset({1, 3}))]


def test_lost_cities_the_two_cards_a_viewer_passed_are_known_in_the_partners_hand():
    game = LostCities(players=4, seed=6, rounds=1)
    first, second = game.hands[0][0], game.hands[0][5]
    game.apply(f"pass {first} {second}")
    assert sorted(game.known_in_hands(0)) == sorted([(first, frozenset({2})), (second, frozenset({2}))])
    for i in range(5):
        hand = game.determinize(0, Chance(i)).hands[2]
        assert first in hand and second in hand


def test_overbooking_copies_keep_every_hand_in_the_games_own_card_order():
    """A redealt hand is sorted as the real game sorts hands (by crest, then kind), not in some other order."""
    game = Overbooking(players=3, seed=4)
    random_playout(game, Chance(4), max_steps=4)
    for i in range(3):
        copy = game.determinize(0, Chance(i))
        assert all(hand == sorted(hand, key=copy.card_order) for hand in copy.hands)
