"""Kernel parity: every compiled kernel plays its readable engine's very games on edited component
sets, or refuses them loudly before playing; never another answer.

For each game × policy × component set, the shared walker (tests/kernels/walker.py) takes the
readable engine to varied mid-game positions, and every kernel entry point's answer from there is
compared with the engine's. The planted-bug tests show the comparison is not blind: a kernel made
to read the shipped data instead of the set it was given fails it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from kit.core import Chance, ComponentError
from kit.core.errors import KernelRefused
from kit.lostcities import LostCities
from kit.lostcities import components as lc_components
from kit.lostcities import fast as lc_fast
from kit.overbooking import Overbooking
from kit.overbooking import components as ob_components
from kit.overbooking import fast as ob_fast
from kit.samoa import Samoa
from kit.samoa import components as samoa_components
from kit.samoa import fast_kernel as samoa_fast

from .games import BEYOND, EDITED, KERNELS, LOST_CITIES, OVERBOOKING, SAMOA
from .walker import assert_parity, edited_copy, walk

pytestmark = pytest.mark.skipif(
    not (lc_fast.AVAILABLE and samoa_fast.AVAILABLE and ob_fast.AVAILABLE), reason="numba not installed (extra 'fast')"
)

POSITIONS = {"lostcities": 24, "samoa": 12, "overbooking": 16}  # per component set and policy
LOADERS = {
    "lostcities": lc_components.load_components,
    "samoa": samoa_components.load_components,
    "overbooking": ob_components.load_components,
}
SETS = [(game, name) for game, sets in EDITED.items() for name in sets]


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    """Every edited set written once, as a copy of datasets/<game>/ in a tmp folder."""
    made = {}
    for game, name in SETS:
        if name == "default":
            made[game, name] = None
        else:
            made[game, name] = str(edited_copy(tmp_path_factory.mktemp(f"{game}-{name}"), game, EDITED[game][name]))
    return made


@pytest.mark.parametrize("game, name", SETS)
def test_every_edited_set_passes_the_component_loader(folders, game, name):
    loaded = LOADERS[game](folders[game, name])
    assert loaded.digest and (name == "default") == (loaded.digest == LOADERS[game]().digest)


@pytest.mark.parametrize("policy", ["random", "heuristic"])
@pytest.mark.parametrize("game, name", SETS)
def test_the_kernel_plays_the_engines_games_on_every_edited_set(folders, game, name, policy):
    tally = assert_parity(KERNELS[game], folders[game, name], policy, POSITIONS[game], base_seed=100 * len(name))
    # every one of these sets lies within what the kernels hold: none may be refused
    assert tally == {"played": POSITIONS[game], "refused": 0}


# ------------------------------------------------------------------- sets beyond the kernels
@pytest.mark.parametrize("game, name", [(game, name) for game, sets in BEYOND.items() for name in sets])
def test_a_set_beyond_the_kernel_is_refused_by_the_loader_or_by_the_kernel(tmp_path, game, name):
    folder = str(edited_copy(tmp_path, game, BEYOND[game][name]))
    try:
        LOADERS[game](folder)
    except ComponentError as refused:  # loud, naming the file: no game to play at all
        assert folder in str(refused)
        return
    assert assert_parity(KERNELS[game], folder, "random", 4) == {"played": 0, "refused": 4}


def test_the_six_expedition_edition_is_refused_and_the_readable_engine_used():
    game = LostCities(edition="six", seed=2, rounds=1)
    assert lc_fast.refusal(game) == "the fast engine plays 5 expeditions; this game has 6: the readable engine is used"
    folder = str(lc_components.edition_folder("six"))
    assert assert_parity(LOST_CITIES, folder, "random", 3) == {"played": 0, "refused": 3}


def _lost_cities_with(expeditions, base, partner):
    """A Lost Cities component set made by hand: one the loader refuses today, as an engine with
    other decks (another loader, a future edition) could hand it to a kernel."""
    cards = {card.key: card for card in (*base, *partner)}
    return lc_components.Components(tuple(expeditions), tuple(sorted(base)), tuple(sorted(partner)), cards)


def _six_expeditions():
    shipped = lc_components.load_components()
    sixth = lc_components.Expedition(5, "P", "Purple", "lila", "#7b3fa0")
    number = [lc_components.Card(5, value, f"P{value}") for value in range(2, 11)]
    base = (*shipped.base_deck, *[lc_components.Card(5, 0, "Px")] * 3, *number)
    partner = (*shipped.partner_extra, *number[:3])
    return _lost_cities_with((*shipped.expeditions, sixth), base, partner)


def _four_investment_cards():
    """The Himalaya's 10 swapped for a fourth investment card: LC-1's sizes, other values."""
    shipped = lc_components.load_components()
    himalaya_10, himalaya_x = shipped.card("H10"), shipped.card("Hx")
    base = [card for card in shipped.base_deck if card != himalaya_10] + [himalaya_x]
    return _lost_cities_with(shipped.expeditions, base, shipped.partner_extra)


def _samoa_price_cards(count: int):
    """Samoa's price cards and `count - 11` more (the loader holds SA-1's 11)."""
    shipped = samoa_components.load_components()
    bids_and_prices = [(20 + 2 * i, 12 + i) for i in range(1, count - 10)]
    more = [samoa_components.PriceCard(bid, price, False, f"{bid}/{price}") for bid, price in bids_and_prices]
    return replace(shipped, price_cards=(*shipped.price_cards, *more))


def _entry_points(kernel, game):
    """Every public entry point of `kernel`, called on `game`."""
    seat = game.current_player
    actions = game.legal_actions()[:1]
    if kernel is lc_fast:
        return [
            lambda: lc_fast.play_out(game, Chance(1)),
            lambda: lc_fast.play_from(game, 1),
            lambda: lc_fast.play_after([game], actions, [1], [2]),
        ]
    if kernel is samoa_fast:
        return [
            lambda: samoa_fast.play_from(game, 1),
            lambda: samoa_fast.play_after([game], actions, seat, [1], [2]),
            lambda: samoa_fast.encode(game),
        ]
    return [
        lambda: ob_fast.play_out(game, Chance(1)),
        lambda: ob_fast.play_from(game, 1),
        lambda: ob_fast.play_after([game], actions, [1], [2]),
        lambda: ob_fast.advisor_rollouts([game], actions, seat, [1], [2]),
    ]


REFUSED = {  # a set beyond each kernel, and what its refusal must name
    "six expeditions": (lambda: LostCities(seed=3), _six_expeditions, "5 expeditions; this game has 6"),
    "four investment cards": (lambda: LostCities(seed=3), _four_investment_cards, "base deck's Himalaya cards"),
    "17 price cards": (lambda: Samoa(players=4, seed=3), lambda: _samoa_price_cards(17), "16 price cards"),
    "a hand of 30": (
        lambda: Overbooking(players=3, seed=3),
        lambda: replace(ob_components.load_components(), hand_size=30),
        "24 cards in a hand",
    ),
}


@pytest.mark.parametrize("case", REFUSED)
def test_a_set_beyond_the_kernel_is_refused_at_every_entry_point_before_playing(case):
    new_game, components, named = REFUSED[case]
    game = new_game()
    game.components = components()  # what refusal reads: the set a game of that data would carry
    kernel = {LostCities: lc_fast, Samoa: samoa_fast, Overbooking: ob_fast}[type(game)]
    reason = kernel.refusal(game)
    assert reason is not None and named in reason and reason.endswith("the readable engine is used"), reason
    assert "\n" not in reason and reason.count(";") <= 1
    before, state = game.fingerprint(), game.chance.state()
    for call in _entry_points(kernel, game):
        with pytest.raises(KernelRefused, match="the readable engine is used") as raised:
            call()
        assert str(raised.value) == reason and isinstance(raised.value, ValueError)
    assert game.fingerprint() == before and game.chance.state() == state


def test_the_advisor_and_the_search_take_the_readable_engine_and_say_why(monkeypatch):
    """A set the kernel refuses: the fast-path choice (kit.core.fastpath) asks `refusal(game)`, so
    advice and playouts come from the readable engine, with the kernel's sentence as the reason."""
    from kit.bots.rollout import playout
    from kit.sim.advice import advise

    seventeen = _samoa_price_cards(17)
    monkeypatch.setattr("kit.samoa.game.load_components", lambda *folder, **edition: seventeen)
    game = Samoa(players=3, seed=1)
    reason = samoa_fast.refusal(game)
    advice = advise(game, rollouts=2)
    assert (advice.engine, advice.engine_reason) == ("readable", reason)
    search = playout(game, "random")
    assert (search.engine, search.reason) == ("readable", reason)
    with pytest.raises(ValueError, match="16 price cards"):
        advise(game, rollouts=2, engine="kernel")


def test_the_shipped_data_and_every_edited_set_are_played_not_refused(folders):
    for game, name in SETS:
        for players in set(KERNELS[game].players):
            position = KERNELS[game].new_game(folders[game, name], players, 1)
            assert KERNELS[game].module.refusal(position) is None, (game, name, players)


def test_the_samoa_kernel_follows_the_number_of_price_cards(monkeypatch):
    """12 price cards (beyond what the loader allows today, within the kernel's row): the kernel
    reads how many there are from the data and plays the readable engine's games."""
    twelve = _samoa_price_cards(12)
    monkeypatch.setattr("kit.samoa.game.load_components", lambda *folder, **edition: twelve)
    assert len(Samoa(players=3, seed=1).components.price_cards) == 12
    assert assert_parity(SAMOA, None, "random", 4) == {"played": 4, "refused": 0}
    assert assert_parity(SAMOA, None, "heuristic", 3, base_seed=7) == {"played": 3, "refused": 0}


# ---------------------------------------------------------------------------- planted bugs
def test_a_samoa_kernel_reading_the_shipped_data_fails_the_suite(folders, monkeypatch):
    shipped_tables = samoa_fast.tables
    monkeypatch.setattr(samoa_fast, "tables", lambda game: shipped_tables(Samoa(players=game.players, seed=0)))
    for name in ("prices", "big-hotel", "small-hotel"):
        with pytest.raises(AssertionError):
            assert_parity(SAMOA, folders["samoa", name], "heuristic", POSITIONS["samoa"])


def test_an_overbooking_kernel_reading_the_shipped_data_fails_the_suite(folders, monkeypatch):
    shipped_table = ob_fast._table
    shipped = Overbooking(players=2, seed=0).components
    monkeypatch.setattr(ob_fast, "_table", lambda components, score_card: shipped_table(shipped, score_card))
    for name in ("beds", "hotels", "reordered"):
        with pytest.raises(AssertionError):
            assert_parity(OVERBOOKING, folders["overbooking", name], "random", POSITIONS["overbooking"])


def test_a_lost_cities_kernel_without_its_refusal_fails_the_suite(monkeypatch):
    """Six expeditions do not fit the kernel's five-expedition layout: with the refusal switched
    off, the parity suite must fail (a different answer or an error), never pass."""
    six = _six_expeditions()
    monkeypatch.setattr("kit.lostcities.game.load_components", lambda *folder, **edition: six)
    assert LostCities(seed=1).components is six
    assert assert_parity(LOST_CITIES, None, "random", 4)["refused"] == 4  # as shipped: refused
    monkeypatch.setattr(lc_fast, "_refusal", lambda components, players: None)
    with pytest.raises(Exception):  # noqa: B017 - a wrong answer (AssertionError) or the kernel's own error
        assert_parity(LOST_CITIES, None, "random", POSITIONS["lostcities"])


def test_the_walker_reaches_varied_positions_with_something_left_to_play():
    rounds, depths = set(), set()
    for seed in range(12):
        for fraction in (0.0, 0.5, 0.99, 1.0):
            game = walk(LostCities(seed=seed, rounds=2), seed, fraction)
            assert not game.is_over and (fraction > 0 or not game.history)
            rounds.add(len(game.round_scores))
            depths.add(len(game.history))
    assert rounds == {0, 1} and len(depths) > 24
