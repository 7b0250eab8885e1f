"""LC-3.4: `unseen(viewer)` is every card neither in the viewer's hand nor visible on the table."""

from __future__ import annotations

from collections import Counter

from kit.lostcities import LostCities
from kit.lostcities.scenarios import arrange_deck


def _keys(cards) -> Counter:
    return Counter(card.key for card in cards)


def test_at_the_deal_everything_but_the_own_hand_is_unseen():
    game = LostCities(seed=5, rounds=1)
    unseen = game.unseen(0)
    assert len(unseen) == 60 - 8
    assert _keys(unseen) + _keys(game.hands[0]) == _keys(game.components.deck(2))
    assert _keys(unseen) == _keys(game.hands[1]) + _keys(game.deck)
    assert len(game.unseen(None)) == 60  # a spectator sees no hand


def test_played_and_top_discards_are_seen_but_buried_discards_are_not():
    deck = arrange_deck(
        hands=[["D4", "D6", "H2", "H3", "B2", "V5", "N2", "N3"], ["D5", "D7", "H4", "H9", "B4", "V2", "V3", "N6"]]
    )
    game = LostCities(seed=1, rounds=1, deck=deck)
    game.play("play D4", "draw deck", "discard D5", "draw deck", "discard D6", "draw deck")
    unseen = _keys(game.unseen(1))
    assert "D4" not in unseen  # on player 0's expedition
    assert "D6" not in unseen  # top of the Desert pile
    # the D5 lies buried under the D6: only a pile's top shows (LC-3.2), so it counts as unseen
    assert unseen["D5"] == 1 and _keys(game.unseen(0))["D5"] == 1
    # what each seat cannot see: the other hand, the draw pile, the buried card
    assert _keys(game.unseen(0)) == _keys(game.hands[1]) + _keys(game.deck) + Counter({"D5": 1})


def test_the_partner_variant_counts_both_copies_and_the_partners_hand():
    game = LostCities(players=4, seed=2, rounds=1)
    unseen = _keys(game.unseen(0))
    assert sum(unseen.values()) == 75 - 8
    assert unseen == _keys(game.hands[1] + game.hands[2] + game.hands[3] + game.deck)
    held = _keys(game.hands[0])
    for key, count in unseen.items():  # three investment cards, two of each 2-4 (the partner deck), else one
        copies = 3 if key.endswith("x") else 2 if key[1:] in ("2", "3", "4") else 1
        assert count == copies - held.get(key, 0), key


def test_the_view_groups_the_unseen_cards_by_colour_and_hides_nothing_more():
    game = LostCities(seed=3, rounds=1)
    view = game.view(1)
    assert list(view["unseen"]) == ["H", "B", "D", "V", "N"]
    flat = Counter(key for cards in view["unseen"].values() for key in cards)
    assert flat == _keys(game.unseen(1))
    assert all(key[0] == colour for colour, cards in view["unseen"].items() for key in cards)
    # a count anyone can make: it names the cards, never where they are (hand or pile order)
    assert "deck" not in view and "hands" not in view
