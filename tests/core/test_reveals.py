"""Each game's `reveals()` agrees with the definition on views (kit.core.reveals): an action reveals
when some seat's view after it rules out a position that seat held possible before. Checked on
random walks from seeds chosen here, for every kind of action, and from prearranged positions for
the kinds a walk rarely reaches (special tiles, face-up queues, back-door targets).

A position the definition finds ruled out proves a reveal, so `reveals()` saying no there is a
bug; `reveals()` saying yes must be borne out by such a position among many sampled ones."""

from __future__ import annotations

from collections import Counter

import pytest

from kit.core import Chance
from kit.core.reveals import witness
from kit.lostcities import LostCities
from kit.overbooking import Overbooking
from kit.samoa import Samoa

#: sampled positions per seat: few when `reveals()` says nothing was shown (a reveal is usually
#: found at the first), many when it says something was (the rarest ruled-out positions)
QUIET_WORLDS, REVEALING_WORLDS = 4, 256
#: at most this many walks look for the kinds a test needs
SEEDS = 8


def kind_of(action) -> str:
    name = type(action).__name__
    if name == "Draw":
        return "draw deck" if action.pile is None else "draw pile"
    return name.lower()


def walk(game, seed: int, steps: int, prefer: frozenset[str] = frozenset()) -> Counter:
    """Random actions from `game`, each checked; returns how often each (kind, reveals) came up.
    Where an action of a `prefer` kind is legal, one of those is taken half of the time."""
    moves, worlds, seen = Chance(seed), Chance(seed + 1), Counter()
    for _ in range(steps):
        if game.is_over:
            break
        rare = [a for a in game.legal_actions() if kind_of(a) in prefer] if prefer else []
        action = rare[moves.below(len(rare))] if rare and moves.below(2) else game.random_action(moves)
        says = game.reveals(action)
        found = witness(game, action, worlds, REVEALING_WORLDS if says else QUIET_WORLDS)
        where = f"{type(game).__name__} seed {game.settings.seed}, step {len(game.history)}: {action}"
        if found is not None:
            assert says, f"{where} shows seat {found[0]} a hidden card, but reveals() says no"
        assert not says or found is not None, f"{where}: reveals() says yes, but no seat learns anything"
        seen[kind_of(action), says] += 1
        game.apply(action)
    return seen


def walks(make, steps: int, needed: list[tuple[str, bool]], prefer=frozenset(), until=None) -> Counter:
    """Walks of games `make(seed)` from seeds 0, 1, ... until every (kind, reveals) in `needed` has
    come up (and `until(game)` held for one of them): which deal gives them is not assumed."""
    seen, met = Counter(), until is None
    for seed in range(SEEDS):
        game = make(seed)
        seen += walk(game, 100 + seed, steps, prefer)
        met = met or until(game)
        if met and all(seen[need] for need in needed):
            return seen
    raise AssertionError(f"not met in {SEEDS} walks: {[n for n in needed if not seen[n]]}, seen {dict(seen)}")


def test_lost_cities_two_players_every_kind():
    # a card from a hand, unknown or known to the other seat (taken from a discard pile)
    needed = [("play", True), ("play", False), ("discard", True), ("discard", False), ("draw deck", True)]
    seen = walks(lambda seed: LostCities(seed=seed, rounds=2), 180, [*needed, ("draw pile", False)])
    assert not seen["draw deck", False], seen


def test_lost_cities_partners_pass():
    needed = [("pass", True), ("pass", False), ("play", True)]
    walks(lambda seed: LostCities(players=4, seed=seed, rounds=1), 50, needed)


@pytest.mark.parametrize("players", [3, 4])
def test_samoa_rounds(players):
    needed = [("choose", True), ("choose", False), ("done", True), ("place", False)]
    walks(lambda seed: Samoa(players=players, seed=seed), 30 * players, needed)


def test_samoa_special_tiles():
    specials = {p: {"specials": [kind]} for p, kind in enumerate(["take_back", "swap_card", "send_home"])}
    scenario = {"round": 3, "hotels": specials, "used": {0: ["20/12", "14/8"]}}
    needed = [("takeback", False), ("swap", False), ("keep", False), ("sendhome", False)]
    walks(lambda seed: Samoa(players=3, seed=seed, scenario=scenario), 40, needed, {"takeback", "keep", "sendhome"})


def test_samoa_end_of_game_shows_nothing():
    walks(lambda seed: Samoa(players=3, seed=seed, scenario={"round": 12}), 200, [("done", False)])


def test_overbooking_rounds():
    walks(lambda seed: Overbooking(players=3, seed=seed), 200, [("place", True), ("place", False), ("target", True)])


def test_overbooking_face_up_queues_holds_and_targets():
    hotels = [{"rule": "face_up"}, {"rule": "no:worker"}, {"rule": "two_crests"}]
    placed_face_up = lambda game: any(e[1] == "place" and "card" in e[3] for e in game.log)  # noqa: E731
    seen = walks(
        lambda seed: Overbooking(players=3, seed=seed, scenario={"hotels": hotels}),
        70,
        [("place", True), ("target", False)],
        {"hold", "target"},
        until=placed_face_up,
    )
    assert seen["hold", True] or seen["hold", False], seen


def test_overbooking_players_found_with_no_legal_placement():
    """Full back doors and narrow queues leave players with nothing to place (OB-4 Decision)."""

    def full_back_doors(seed: int) -> Overbooking:
        base = Overbooking(players=3, seed=seed)
        colours, limit = base.colours, base.components.back_door_limit
        decks = {colour: [card.key for card in base.decks[seat]] for seat, colour in enumerate(colours)}
        hotels = [
            {"rule": rule, "back": [[colours[(h + k) % 3], decks[colours[(h + k) % 3]].pop()] for k in range(limit)]}
            for h, rule in enumerate(["small_only", "large_only", "no:worker"])
        ]
        return Overbooking(players=3, seed=seed, scenario={"hotels": hotels})

    walks(full_back_doors, 40, [], until=lambda game: any(entry[1] == "no-placement" for entry in game.log))


def test_first_reveal_looks_at_every_action_taken_back():
    game = LostCities(seed=3, rounds=1)
    discard = next(a for a in game.legal_actions() if kind_of(a) == "discard")
    game.play(discard, "draw deck")  # a card shown to the other seat, then a draw from the deck
    game.play(next(a for a in game.legal_actions() if kind_of(a) == "discard" and a.card.key[0] != discard.card.key[0]))
    game.play(f"draw {discard.card.key[0]}")  # player 1 takes player 0's card back up: nothing hidden
    assert game.first_reveal(0) == 0 and game.first_reveal(1) == 1 and game.first_reveal(2) == 2
    assert game.first_reveal(3) is None and game.first_reveal(4) is None
