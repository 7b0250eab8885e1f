"""The three kernels as the parity suite drives them, and the edited component sets it plays them on.

Each `Kernel.kernel` asks every entry point of a kernel for its answer from a position (a recorded
playout, an unrecorded one, the advisor's rollouts after the first legal actions) and each
`Kernel.engine` computes the same answers on the readable engine, with the same generators.
"""

from __future__ import annotations

from kit.bots.rollout import play_to_end, rollout_bots
from kit.core import Chance
from kit.lostcities import LostCities
from kit.lostcities import fast as lc_fast
from kit.overbooking import Overbooking
from kit.overbooking import fast as ob_fast
from kit.samoa import Samoa
from kit.samoa import fast_kernel as samoa_fast

from .walker import Kernel


def _played_after(position, action, policies, seed):
    """The advisor's rollout on the readable engine: `action`, then later deals from
    ``Chance(seed + 1)`` and the seats' choices from ``Chance(seed + 2)`` (each kernel's play_after)."""
    copy = position.clone()
    copy.chance = Chance(seed + 1)
    copy.apply(action)
    play_to_end(copy, rollout_bots(copy, policies), Chance(seed + 2))
    return copy


# ------------------------------------------------------------------------------ Lost Cities
def _lc_new(folder, players, seed):
    return LostCities(players=players, seed=seed, rounds=1 + seed % 2, components=folder)


def _lc_kernel(position, policies, seed):
    recorded = lc_fast.play_out(position, Chance(seed), policies, record=True)
    actions = position.legal_actions()[:2]
    after = lc_fast.play_after([position], actions, [seed + 1], [seed + 2], policies)
    return recorded.record, recorded.scores, lc_fast.play_from(position, seed, policies), after.tolist()


def _lc_engine(position, policies, seed):
    copy = position.clone()
    start = len(copy.history)
    play_to_end(copy, rollout_bots(copy, policies), Chance(seed))
    after = [_played_after(position, action, policies, seed).totals() for action in position.legal_actions()[:2]]
    return lc_fast.engine_record(copy, start), copy.scores(), copy.totals(), [after]


LOST_CITIES = Kernel(lc_fast, _lc_new, (2, 4, 2), _lc_kernel, _lc_engine)


# ------------------------------------------------------------------------------------ Samoa
def _samoa_new(folder, players, seed):
    return Samoa(players=players, seed=seed, components=folder)


def _samoa_kernel(position, policies, seed):
    scores, winners, played = samoa_fast.play_from(position, seed, policies, record=True)
    viewer = position.current_player
    actions = position.legal_actions()[:2]
    differences, wins = samoa_fast.play_after([position], actions, viewer, [seed + 1], [seed + 2], policies)
    return played, scores, winners, differences.tolist(), wins.tolist()


def _samoa_engine(position, policies, seed):
    copy = position.clone()
    start = len(copy.history)
    play_to_end(copy, rollout_bots(copy, policies), Chance(seed))
    played = [samoa_fast.action_code(position, action) for action in copy.history[start:]]
    viewer = position.current_player
    differences, wins = [], []
    for action in position.legal_actions()[:2]:
        other = _played_after(position, action, policies, seed)
        scores, winners = other.scores(), other.winners()
        differences.append(scores[viewer] - max(s for p, s in enumerate(scores) if p != viewer))
        wins.append(1 / len(winners) if viewer in winners else 0.0)
    return played, copy.scores(), copy.winners(), [differences], [wins]


SAMOA = Kernel(samoa_fast, _samoa_new, (3, 4, 5, 6), _samoa_kernel, _samoa_engine)


# ------------------------------------------------------------------------------ Overbooking
def _ob_new(folder, players, seed):
    score_card = (None, "beginner", "advanced")[seed % 3]
    return Overbooking(players=players, seed=seed, components=folder, score_card=score_card)


def _ob_kernel(position, policies, seed):
    recorded = ob_fast.play_out(position, Chance(seed), policies, record=True)
    end = ob_fast.play_from(position, seed, policies)
    actions = position.legal_actions()[:2]
    scores, counts = ob_fast.play_after([position], actions, [seed + 1], [seed + 2], policies)
    return recorded.record, recorded.scores, recorded.winners, end.scores, scores.tolist(), counts.tolist()


def _ob_engine(position, policies, seed):
    copy = position.clone()
    start = len(copy.history)
    play_to_end(copy, rollout_bots(copy, policies), Chance(seed))
    scores, counts = [], []
    for action in position.legal_actions()[:2]:
        other = _played_after(position, action, policies, seed)
        scores.append(other.scores())
        counts.append([len(booked) for booked in other.booked])
    return ob_fast.engine_record(copy, start), copy.scores(), copy.winners(), copy.scores(), [scores], [counts]


OVERBOOKING = Kernel(ob_fast, _ob_new, (2, 3, 4), _ob_kernel, _ob_engine)
KERNELS = {"lostcities": LOST_CITIES, "samoa": SAMOA, "overbooking": OVERBOOKING}


# ---------------------------------------------------------------------- edited component sets
# Small edited copies of datasets/<game>/ (each passes the component loader's checks): per file,
# its whole new text or (old, new) replacements. "default" is the data as shipped.
_LC_RELABELLED = """index,key,name,swedish_name,colour,source,colour_source
0,N,Neptune's depths,Neptuns djup,#2f6db5,rulebook,assumed
1,V,Volcano,utdöda vulkaner,#c8452f,rulebook,assumed
2,D,Desert,öknen,#e0b53a,rulebook,assumed
3,B,Brazilian rainforest,brasilianska regnskogen,#3f8f4a,rulebook,assumed
4,Y,Yeti country,Yetiland,#f2f2ee,rulebook,assumed
"""
_LC_CARDS_RELABELLED = [("\nH,investment,", "\nY,investment,")] + [
    (f"\nH,number,{value},1,{deck}", f"\nY,number,{value},1,{deck}")
    for deck, values in (("base", range(2, 11)), ("partner", range(2, 5)))
    for value in values
]

_SAMOA_BIG_HOTEL = {  # sizes: a 4 x 4 hotel, more building tiles laid out, bigger tourist groups
    "rules.csv": [("hotel_rooms,6,", "hotel_rooms,16,"), ("hotel_rows,2,", "hotel_rows,4,"),
                  ("hotel_columns,3,", "hotel_columns,4,")],
    "building_layout.csv": [("3,1,1,1,0,", "3,2,2,1,1,"), ("6,3,2,1,0,", "6,3,3,2,2,")],
    "building_tiles.csv": [("extra_room,5,", "extra_room,8,"), ("suite,5,", "suite,4,"), ("pool,6,", "pool,4,")],
    "tourist_cards.csv": [("1,3,3+2,", "1,3,5+4,"), ("4,6,6+3,", "4,6,9,"), ("7,5,6+2,", "7,5,2+2+2+2+1,")],
}  # fmt: skip
_SAMOA_PRICES = {  # values: other bids and prices (no longer in the same order), money, doubled rounds
    "price_cards.csv": [("2,3,no,", "3,2,no,"), ("6,5,no,", "5,9,no,"), ("12,9,no,", "13,4,no,"),
                        ("20,12,no,", "22,15,no,")],
    "rules.csv": [("start_money,25,", "start_money,40,"), ("special_tile_value,3,", "special_tile_value,7,"),
                  ("doubled_rounds,6 12,", "doubled_rounds,3 9 12,")],
}  # fmt: skip
_SAMOA_SMALL_HOTEL = {  # sizes and values: a 1 x 3 hotel, other tourist tiles, another flag order
    "rules.csv": [("hotel_rooms,6,", "hotel_rooms,3,"), ("hotel_rows,2,", "hotel_rows,1,")],
    "tourist_tiles.csv": [("plain,0,7,", "plain,0,3,"), ("rich,0,3,", "rich,0,4,"),
                          ("celebrity,0,2,", "celebrity,0,3,"),
                          ("bather,3,1,assumed", "bather,3,2,assumed\nbather,5,1,assumed")],
    "flags.csv": [("J,1,rulebook\nN,1,", "N,1,rulebook\nJ,1,"),
                  ("J,3,rulebook\nN,3,rulebook\nU,3,", "U,3,rulebook\nN,3,rulebook\nJ,3,")],
}  # fmt: skip

_OB_BEDS = {  # values: the beds run the other way (the monk needs 6), other coins
    "guests.csv": [("monk,1,", "monk,6,"), ("merchant,2,", "merchant,5,"), ("maid,3,", "maid,4,"),
                   ("noble,4,", "noble,3,"), ("soldier,5,", "soldier,2,"), ("worker,6,", "worker,1,")],
    "coins.csv": [("monk,4,3,3,4,", "monk,1,1,2,9,"), ("worker,1,2,1,2,", "worker,7,5,6,8,")],
}  # fmt: skip
_OB_HOTELS = {  # sizes: other hotel beds and rules, bigger hands, longer queues, more rounds
    "hotels.csv": [("1,A,13,none,", "1,A,21,none,"), ("1,B,8,first:monk,", "1,B,5,first:worker,"),
                   ("2,A,15,two_crests,", "2,A,7,queue_5,"), ("4,A,17,large_only,", "4,A,30,large_only,"),
                   ("5,A,12,no:soldier,", "5,A,12,no:monk,"), ("8,A,9,none,", "8,A,4,small_only,")],
    "rules.csv": [("rounds,4,", "rounds,6,"), ("hand_size,9,", "hand_size,12,"),
                  ("cards_per_round,5,", "cards_per_round,7,"),
                  ("queue_limit,4,", "queue_limit,6,"), ("back_door_limit,2,", "back_door_limit,3,"),
                  ("point_tokens,20,", "point_tokens,5,"), ("bed_change,3,", "bed_change,1,")],
}  # fmt: skip
_OB_REORDERED = {  # values and order: guest types, crests and colours listed otherwise, other score cards
    "guests.csv": """type,beds,ability,source,ability_source
worker,6,replace any card numbered 6 in the queue with this card,rulebook,reviews
noble,4,one of your cards in the queue books first,rulebook,rulebook
monk,1,move this card to the end of the booking queue,rulebook,rulebook
soldier,5,this hotel has 3 fewer beds,rulebook,reviews
maid,3,replace one of your cards in the queue with this card,rulebook,reviews
merchant,2,this hotel has 3 more beds,rulebook,rulebook
""",
    "crests.csv": "key,source\ntower,assumed\nrose,assumed\nbird,rulebook\nwolf,rulebook\n",
    "coins.csv": [("type,bird,fish,rose,tower,", "type,bird,wolf,rose,tower,")],
    "colours.csv": "key,source,display,display_source\nblue,rulebook,#1565c0,assumed\ngreen,rulebook,#2e7d32,assumed\n"
    "orange,rulebook,#ef6c00,assumed\nred,rulebook,#c62828,assumed\n",
    "score_cards.csv": [("beginner,4,3,", "beginner,2,1,assumed\nbeginner,4,4,"), ("advanced,0,-2,", "advanced,0,-7,"),
                        ("advanced,6,14,", "advanced,6,30,")],
}  # fmt: skip

_LC_SIXTH = "".join(
    f"P,{kind},{value},{copies},{deck},assumed\n"
    for kind, value, copies, deck in [("investment", 0, 3, "base")]
    + [("number", value, 1, "base") for value in range(2, 11)]
    + [("number", value, 1, "partner") for value in range(2, 5)]
)
#: component sets beyond a kernel (the loader may accept them, today or later): refused, never played
BEYOND = {
    "lostcities": {
        "six-expeditions": {
            "expeditions.csv": [("Neptuns djup,#2f6db5,rulebook,assumed\n",
                                 "Neptuns djup,#2f6db5,rulebook,assumed\n5,P,Purple,lila,#7b3fa0,rulebook,assumed\n")],
            "cards.csv": [("N,number,4,1,partner,rulebook\n", "N,number,4,1,partner,rulebook\n" + _LC_SIXTH)],
        },
    },
}  # fmt: skip

EDITED = {
    "lostcities": {
        "default": {},
        # LC-1 fixes the deck (components.py refuses any other size or value): what may change is
        # which expedition is which, and its letter; other sizes and values are refused (see
        # test_parity.py's hand-made sets)
        "relabelled": {"expeditions.csv": _LC_RELABELLED, "cards.csv": _LC_CARDS_RELABELLED},
    },
    "samoa": {"default": {}, "big-hotel": _SAMOA_BIG_HOTEL, "prices": _SAMOA_PRICES, "small-hotel": _SAMOA_SMALL_HOTEL},
    "overbooking": {"default": {}, "beds": _OB_BEDS, "hotels": _OB_HOTELS, "reordered": _OB_REORDERED},
}
