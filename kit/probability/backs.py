"""Lesson 5 — reading card backs (Overbooking, OB-1, OB-4, OB-5).

A face-down card shows its owner's colour, its crest and its size (OB-1 Decision): a large bird back
is the owner's bird noble, soldier or worker. Before any evidence each is equally likely (the prior:
the owner's unseen cards). Where the owner put it is evidence: a heuristic player sends some kinds to
a back door far more often than others (the likelihood, estimated from simulated games). Bayes's
rule gives the posterior exactly from the two, as fractions of counts.

Then the question a player asks: will *my* card get a bed, given the backs I see? Enumerating every
identity the backs can hide and letting the engine book each (OB-5) answers it exactly; the engine's
determinized redeals answer it by simulation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import product

from kit.core import Chance
from kit.i18n import N_, Term, render
from kit.overbooking import Overbooking
from kit.overbooking.components import load_components
from kit.overbooking.heuristic import HeuristicBot
from kit.overbooking.rules import card_words

# 4, 5 and 6 beds: the kinds behind a large back (OB-1). `Term`s: each equals its English code, and
# reads in the learner's language where it is formatted into a text
LARGE = tuple(Term(kind) for kind in ("noble", "soldier", "worker"))
SMALL = tuple(Term(kind) for kind in ("monk", "merchant", "maid"))


def placements(
    games: int, seed: int = 0, players: int = 3, steps: Callable[[range], Iterable[int]] = iter
) -> dict[str, Counter]:
    """Round 1 of `games` games of heuristic bots: for every large card kind, how many such cards the
    players held in their decks ("cards": each deck has one per crest) and how many of them went to a
    back door in round 1 ("back door") — the raw counts behind the likelihood."""
    crests = len(load_components().crests)
    counts = {kind: Counter() for kind in LARGE}
    for index in steps(range(games)):
        game = Overbooking(players=players, seed=seed + index)
        bots = [HeuristicBot() for _ in range(players)]
        while game.round == 1 and not game.is_over:
            game.apply(bots[game.current_player].choose(game))
        for event in game.open_events():
            if event["kind"] == "round" and event["round"] > 1:
                break
            if event["kind"] == "place" and event["where"] == "back":
                kind = event["card"].split("-")[1]
                if kind in counts:
                    counts[kind]["back door"] += 1
        for kind in LARGE:
            counts[kind]["cards"] += crests * players
    return counts


def likelihood(counts: Mapping[str, Counter]) -> dict[str, Fraction]:
    """P(a large card of this kind goes to a back door in round 1 | its kind), as counted."""
    return {kind: Fraction(c["back door"], c["cards"]) for kind, c in counts.items()}


def posterior(prior: Mapping[str, Fraction], likelihood: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Bayes's rule: prior × likelihood, divided by their sum over the kinds."""
    joint = {kind: prior[kind] * likelihood[kind] for kind in prior}
    total = sum(joint.values())
    if total == 0:
        raise ValueError("the evidence is impossible under every kind: no posterior")
    return {kind: chance / total for kind, chance in joint.items()}


def back_door_kinds(games: int, seed: int, players: int = 3, steps=iter) -> Counter:
    """Held-out evidence: the kinds of the large cards heuristic bots put at back doors in round 1
    of other games (to test the posterior against)."""
    return Counter({kind: c["back door"] for kind, c in placements(games, seed, players, steps).items()})


# ---------------------------------------------------------------- will my card book?
#: The lesson's position (round 1, 3 players, you are red): hotel 1 has 10 beds and no rule. In its
#: queue, from the hotel outwards: blue's large fish back, green's small rose back, your soldier
#: (5 beds). At its back door: blue's large bird back.
POSITION = {
    "beds": 10,
    "rule": "none",
    "queue": [["blue", "fish-noble"], ["green", "rose-maid"], ["red", "bird-soldier"]],
    "back": [["blue", "bird-worker"]],
}
ME = 0
#: The rest of the lesson's table, stated as data too (so the picture is the same whatever the seed
#: deals): the other two hotels and the three hands.
OTHER_HOTELS = [{"beds": 10, "rule": "none"}, {"beds": 14, "rule": "two_crests"}]
HANDS = {
    "red": ["bird-worker", "fish-merchant", "fish-noble", "fish-soldier", "rose-maid", "rose-worker",
            "tower-monk", "tower-maid", "tower-worker"],
    "blue": ["bird-maid", "bird-noble", "fish-maid", "fish-soldier", "rose-monk", "rose-merchant",
             "rose-soldier", "rose-worker", "tower-monk"],
    "green": ["bird-merchant", "bird-soldier", "bird-worker", "fish-maid", "rose-merchant", "rose-soldier",
              "tower-monk", "tower-maid", "tower-noble"],
}  # fmt: skip


def position(layout: Mapping = POSITION, seed: int = 0) -> Overbooking:
    """The position in stage 1, as the engine holds it (the hidden cards are the layout's). The
    lesson's own layout comes with the rest of its table (`OTHER_HOTELS`, `HANDS`); another layout
    only sets hotel 1."""
    if layout is not POSITION:
        return Overbooking(players=3, seed=seed, scenario={"hotels": [dict(layout)]})
    return Overbooking(players=3, seed=seed, scenario={"hotels": [dict(layout), *OTHER_HOTELS], "hands": HANDS})


#: where a card lies at a hotel, and a face-down card's back, as a learner reads them
WHERE = {"queue": N_("queue · {colour}: {card}"), "back": N_("back door · {colour}: {card}")}
BACKS = {"small": N_("face down, a small crest ({crest})"), "large": N_("face down, a large crest ({crest})")}


def hotel_cards(hotel: Mapping) -> list[str]:
    """Each card in a hotel's booking queue and at its back door as the seat of the view sees it, in
    words: its owner's colour, and the card (one's own) or its back (size and crest: anyone's)."""
    lines = []
    for where in ("queue", "back"):
        for slot in hotel[where]:
            card = (
                card_words(slot["card"]) if "card" in slot else render(BACKS[slot["size"]], crest=Term(slot["crest"]))
            )
            lines.append(render(WHERE[where], colour=Term(slot["colour"]), card=card))
    return lines


def books(layout: Mapping, me: int = ME) -> bool:
    """Let the engine check hotel 1 (OB-5) with exactly these cards: does `me`'s queue card book?"""
    return _books(_key(layout), me)


def _key(layout: Mapping) -> tuple:
    return (
        layout["beds"],
        layout["rule"],
        tuple(map(tuple, layout["queue"])),
        tuple(map(tuple, layout["back"])),
    )


@lru_cache(maxsize=4096)
def _books(key: tuple, me: int) -> bool:
    beds, rule, queue, back = key
    layout = {"beds": beds, "rule": rule, "queue": [list(s) for s in queue], "back": [list(s) for s in back]}
    game = Overbooking(players=3, seed=0, scenario={"hotels": [layout], "check": True})
    bot = HeuristicBot()  # an owner choosing among several targets (OB-5.2) chooses as the bot does
    while game.stage == 2 and game.checking == 0:
        game.apply(bot.choose(game))
    colour = game.colours[me]
    mine = next(card for owner, card in queue if owner == colour)
    for event in game.open_events():
        if event["kind"] == "book" and event["hotel"] == 1 and event["card"] == mine and event["player"] == me:
            return True
    return False


def identities(layout: Mapping, me: int = ME) -> list[tuple[list, list]]:
    """For each face-down card of another player: the cards it can be (same owner, crest, size)."""
    components = load_components()
    colours = components.colours
    out = []
    for where in ("queue", "back"):
        for colour, key in layout[where]:
            if colours.index(colour) == me:
                continue
            crest, kind = key.split("-")
            size = "large" if kind in LARGE else "small"
            # codes stay English: the kinds are Terms, which a format would translate
            options = ["-".join((crest, str(k))) for k in (LARGE if size == "large" else SMALL)]
            out.append((where, colour, key, options))
    return out


def chance_to_book(layout: Mapping = POSITION, weights: Mapping[tuple[str, str], Mapping[str, Fraction]] | None = None):
    """P(my card books | the backs I see), exactly: every combination of identities the backs can
    hide, weighted by the product of their chances (each option alike unless `weights` gives, for a
    (where, colour) back, the chance of each kind), booked by the engine."""
    hidden = identities(layout)
    total = Fraction(0)
    for choice in product(*(options for *_, options in hidden)):
        weight = Fraction(1)
        trial = {"beds": layout["beds"], "rule": layout["rule"], "queue": [], "back": []}
        replace = {(where, colour, key): card for (where, colour, key, _), card in zip(hidden, choice)}
        for (where, colour, _, options), card in zip(hidden, choice):
            given = (weights or {}).get((where, colour))
            weight *= given[card.split("-")[1]] if given else Fraction(1, len(options))
        for where in ("queue", "back"):
            for colour, key in layout[where]:
                trial[where].append([colour, replace.get((where, colour, key), key)])
        if weight and books(trial):
            total += weight
    return total


def simulate_booking(
    trials: int, seed: int = 0, layout: Mapping = POSITION, steps: Callable[[range], Iterable[int]] = iter
) -> list[bool]:
    """For each trial the engine redeals what you cannot see (`determinize`: every back becomes a
    random card of the same owner, crest and size), then books hotel 1: did your card book?"""
    game = position(layout)
    chance = Chance(seed)
    colours = game.colours
    results = []
    for _ in steps(range(trials)):
        redealt = game.determinize(ME, chance)
        hotel = redealt.hotels[0]
        trial = {
            "beds": hotel.beds,
            "rule": hotel.rule,
            "queue": [[colours[s.owner], s.card.key] for s in hotel.queue],
            "back": [[colours[s.owner], s.card.key] for s in hotel.back],
        }
        results.append(books(trial))
    return results
