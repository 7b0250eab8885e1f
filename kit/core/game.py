"""The contract every game fulfils, and what all games get for free from it.

A game is one object that owns its settings (fixed for the whole game: players, seed, variant, ...),
its current position, the list of actions taken so far and the event log. A concrete game supplies
the rules (`legal_actions`, `moves`, `view`, ...); this base class adds applying actions given as
text, undo, replay, save and load, and a fingerprint used to compare positions.

Undo works by replaying: the game is rebuilt from its settings (same seed, so the same shuffles)
and every action but the last is applied again. That keeps the rules free of undo bookkeeping,
and a game of a few hundred steps replays in well under a millisecond.

What the generic layers (bots, the advisor, the search, the arena, `kit.sim`) need to know about a
game, the game declares on its own class, as python-chess's board variants do (`uci_variant`,
`starting_fen`, `is_variant_win` on each `Board` subclass) and as OpenSpiel's games declare their
`GameType` and `GameInfo` (number of players, utilities, ...) when they register: a generic layer
asks the game and never tests its name. The facts:

- sides: `side_of(seat)`, `totals()` (one per side) and `winning_sides()`: by default every seat is
  a side of its own; a game of partners maps seats to teams. `win_shares()` and `leads()` follow.
- `score_scale`: a typical winning margin in points (a search's "margin" reward squashes by it);
- `dataset`: the folder of its shipped component data under datasets/;
- `heuristic`: the module of its heuristic bot (`heuristic_bot(**params)` makes one);
- `fast_path`: the compiled kernel it registers for playouts (`kit.core.fastpath`), or None.

Class attributes and small methods rather than a separate registry: the facts are fixed for a game
(the sides follow its settings), most can be read from the class, and they stay in the game's own
package beside its rules; its player counts and defaults are its `Settings`. Games are found by
name through `kit.games`.
"""

from __future__ import annotations

import importlib
import json
import os
import reprlib
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from kit.i18n import N_, Message, Term

from .chance import Chance
from .errors import IllegalAction, InvariantBroken, NothingToUndo, SetupRefused
from .events import Event
from .fastpath import FastPath

SEED_LIMIT = 2**256


def is_whole(value: Any) -> bool:
    """An int and not a bool (True would pass for 1, and 2.0 for 2, in `in` checks)."""
    return isinstance(value, int) and not isinstance(value, bool)


def short(value: Any) -> str:
    """A short repr of a setting that may come from a file (huge, or nested deep)."""
    return _REPR.repr(value)


def listed(values: Any) -> str:
    """Values of a game's state as a learner reads them, one after another: cards and tiles by
    their codes ("D7, Hx"), numbers and codes as they are, a Counter's each as often as it counts
    (anything else, from an edited file, as `short` writes it). Empty: ""."""
    if isinstance(values, Counter):
        values = list(values.elements())
    if not isinstance(values, list | tuple | set | frozenset):
        return short(values)

    def one(value: Any) -> str:
        key = getattr(value, "key", None)
        if isinstance(key, str):
            return key
        return str(value) if isinstance(value, str) or is_whole(value) else short(value)

    return ", ".join(
        one(value) for value in (sorted(values, key=str) if isinstance(values, set | frozenset) else values)
    )


def lost_or_duplicated(rule: str, template: str, found: Counter, wanted: Counter) -> InvariantBroken:
    """The invariant that every component is in exactly one place, broken: `template` says so with
    the ones too many ({extra}) and the ones missing ({missing}), by their codes."""
    return InvariantBroken(
        rule,
        template,
        extra=listed(found - wanted) or Term("none"),
        missing=listed(wanted - found) or Term("none"),
    )


_REPR = reprlib.Repr()  # keyword arguments only from Python 3.12
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother, _REPR.maxlist, _REPR.maxdict = 2, 60, 60, 4, 4


@dataclass(frozen=True)
class Settings:
    """What is fixed before a game starts. Each game extends this with its own options, lists the
    player counts it allows, and adds its own checks after calling ``super().__post_init__()``."""

    players: int = 2
    seed: int = 0

    #: the player counts the game allows, and how its rulebook says so (a message: mark it with N_)
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    player_counts_text: ClassVar[str] = N_("2 players")

    def __post_init__(self) -> None:
        if not is_whole(self.players) or self.players not in self.player_counts:
            raise SetupRefused(
                None,
                "this game is for {counts}, not {players}",
                counts=Message(self.player_counts_text),
                players=short(self.players),
            )
        if not is_whole(self.seed) or not -SEED_LIMIT < self.seed < SEED_LIMIT:
            raise SetupRefused(
                None, "seed must be a whole number below 2**256 in size, not {seed}", seed=short(self.seed)
            )

    def check_seat(self, name: str, seat: Any) -> None:
        if not is_whole(seat) or seat not in range(self.players):
            raise SetupRefused(
                None,
                "{name} must be a seat from 0 to {last}, not {seat}",
                name=name,
                last=self.players - 1,
                seat=short(seat),
            )

    def check_folder(self, name: str, folder: Any) -> None:
        """A folder setting holds None or a path as text (a `pathlib.Path` is turned into text)."""
        if isinstance(folder, os.PathLike):
            folder = os.fspath(folder)
            object.__setattr__(self, name, folder)
        if folder is not None and (not isinstance(folder, str) or not folder or "\0" in folder):
            raise SetupRefused(
                None, "{name} must be None or the path of a folder, not {folder}", name=name, folder=short(folder)
            )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class Game(ABC):
    """One game in progress. Subclasses implement the rules of one game."""

    #: short machine name used in save files and on command lines, lower case with hyphens
    name: ClassVar[str]
    #: the settings dataclass of this game
    settings_type: ClassVar[type[Settings]] = Settings

    # ------------------------------------------------------ facts the generic layers ask the game
    #: a typical winning margin in points: a search's "margin" reward squashes a lead by it
    score_scale: ClassVar[float]
    #: the folder of the game's shipped component data under datasets/
    dataset: ClassVar[str]
    #: the compiled kernel the game registers for its playouts (see kit.core.fastpath), or None
    fast_path: ClassVar[FastPath | None] = None
    #: the module of the game's heuristic bot (its class `HeuristicBot`), imported when asked for
    heuristic: ClassVar[str | None] = None

    @classmethod
    def heuristic_bot(cls, **params: Any) -> Any:
        """The game's heuristic bot (its keyword arguments are the bot's named parameters)."""
        if cls.heuristic is None:
            raise ValueError(f"{cls.name} has no heuristic bot")
        return importlib.import_module(cls.heuristic).HeuristicBot(**params)

    def __init__(self, settings: Settings | None = None, **options: Any):
        if settings is None:
            settings = self.settings_type(**options)
        elif options:
            raise TypeError("give either a Settings object or keyword options, not both")
        self.settings = settings
        self._start()

    def _start(self) -> None:
        self.chance = Chance(self.settings.seed)
        self.history: list = []
        self.log: list[tuple] = []  # raw events, see kit.core.events
        self._setup()

    # ----------------------------------------------------------------- rules supplied by each game
    @abstractmethod
    def _setup(self) -> None:
        """Lay out the game from `self.settings`, drawing chance from `self.chance`."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The player who must act now; None once the game is over."""

    #: True once the game has ended. A plain attribute, set by the game's rules (read in hot loops).
    is_over: bool = False

    @abstractmethod
    def legal_actions(self) -> list:
        """Every action the current player may take, each once, in a stable order."""

    #: The moves, boardgame.io style: for each action type, the rule function that carries it out
    #: as ``move(game, action)``. A move must raise `IllegalAction` *before* changing anything when
    #: the action is not allowed, so a rejected action leaves the game exactly as it was.
    moves: ClassVar[dict[type, Callable[[Any, Any], None]]] = {}

    @abstractmethod
    def parse_action(self, text: str):
        """The action written as `text` (the inverse of ``str(action)``)."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Each player's score so far (final once `is_over`)."""

    @abstractmethod
    def view(self, player: int) -> dict[str, Any]:
        """What `player` may see, and nothing more. JSON-ready."""

    @abstractmethod
    def public_view(self) -> dict[str, Any]:
        """What a spectator sees: the table, and no one's hidden cards. JSON-ready."""

    @abstractmethod
    def open_view(self) -> dict[str, Any]:
        """The all-seeing teaching view: every hand and the order of every face-down pile."""

    def action_words(self, action) -> str:
        """`action` as a learner reads it, in the language in force ("zagraj V3"), where a table or a
        move list names a move; ``str(action)`` stays the notation `parse_action` reads back. It
        depends on the action and the game's components only, not on the position."""
        return str(action)

    @abstractmethod
    def describe(self, event: dict[str, Any], reader: int | None = None) -> str:
        """One event (as `Event.visible_to` or `Event.everything` gives it) as a sentence, spoken
        to `reader` ("You draw D10.") when the event is about that seat, else about its player
        ("Player 0 draws D10."); `Subject` names them."""

    @abstractmethod
    def determinize(self, player: int, chance: Chance) -> Game:
        """A copy in which everything `player` cannot know has been redealt at random.

        The copy agrees with everything `player` knows: ``copy.view(player) == self.view(player)``,
        and also with what `player` could work out from the events it was shown (a card seen taken
        into a hand, a card seen played earlier). The rest is redealt uniformly. The copy's future
        chance comes from `chance`, never from the real game's generator, and the copy depends on
        nothing but what `player` can know and `chance` (tests/conformance/test_determinize.py).
        """

    @abstractmethod
    def check_invariants(self) -> None:
        """Raise `InvariantBroken` if the game's own invariants do not hold."""

    @abstractmethod
    def clone(self) -> Game:
        """An independent copy of this game, history and log included."""

    def reveals(self, action) -> bool:
        """Whether taking `action` now shows anyone a hidden card they could not know: some seat's
        view after it (with the events it reads) rules out a position that seat held possible before
        (the definition on views, `kit.core.reveals`). A card drawn from a face-down pile, a card
        played, discarded or placed from a hidden hand, cards passed face down to a partner, secret
        choices turned over, a new round dealt; each game answers for its own actions, and
        tests/core/test_reveals.py checks that the answer agrees with the definition.

        Boards refuse to undo such actions outside the open teaching mode (after boardgame.io: a
        move that reveals information cannot be taken back without letting a player peek). Asked
        of the position *before* the action.
        """
        return False

    def first_reveal(self, start: int) -> int | None:
        """Of the actions an undo back to step `start` would take back (``history[start:]``), the
        index of the first one that revealed something to anyone; None if none did.

        An undo must ask about *every* action it takes back, not only the last: taking back a
        player's own quiet move also takes back whatever the others did after it (a bot's draw that
        ended the round, the last secret choice that turned every card over). One replay.
        """
        if not 0 <= start <= len(self.history):
            raise NothingToUndo(f"no step {start}: only {len(self.history)} taken")
        replay = type(self)(self.settings)
        for index, action in enumerate(self.history):
            if index >= start and replay.reveals(action):
                return index
            replay.apply(action)
        return None

    def random_action(self, chance: Chance):
        """A uniformly random legal action. Games may override this with a faster sampler that
        avoids listing every action; the conformance suite checks that it stays uniform."""
        actions = self.legal_actions()
        return actions[chance.below(len(actions))]

    # ------------------------------------------------------------------ shared behaviour
    def apply(self, action) -> None:
        """Apply an action (an action object or its text). Illegal ones raise `IllegalAction`.

        An action object the engine did not make itself (one built in a notebook or by a bot) is
        checked exactly like a text: it must read back as itself (`checked_action`)."""
        move = self.moves.get(action.__class__)
        if move is None:
            if isinstance(action, str):
                action = self.parse_action(action)
                move = self.moves.get(action.__class__)
            if move is None:
                raise IllegalAction(
                    self.action_rule(), "{action} is not an action of {game}", action=short(action), game=self.name
                )
        elif id(action) not in self._trusted:
            action = self.checked_action(action)
        if self.is_over:
            raise IllegalAction(self.end_rule, "the game is over; no more actions can be taken")
        move(self, action)
        self.history.append(action)

    #: rule id quoted when someone acts after the end of the game
    end_rule: ClassVar[str] = "end"

    #: ids of the action objects the engine made itself (`interned`, kept for good): taken as they are
    _trusted: ClassVar[set[int]] = set()
    #: action objects made elsewhere and found well-formed: (object, its text) -> the parsed action
    _checked: ClassVar[dict] = {}

    def action_rule(self) -> str:
        """The rule id quoted for an action that cannot be read (the rule of the current step)."""
        return self.end_rule

    def checked_action(self, action):
        """`action` validated exactly like its text: ``parse_action(str(action))`` must give an equal
        action of the same type (so ``Draw(7)``, which reads "draw deck", is refused, not taken as a
        draw from pile 7). Returns the parsed action, which is what the game applies and records."""
        try:
            text = str(action)
        except Exception:  # noqa: BLE001 - a malformed object cannot even be written (Pass((card,)))
            raise IllegalAction(
                self.action_rule(), "{action} is not a well-formed action", action=short(action)
            ) from None
        try:
            key = (action, text)
            known = self._checked.get(key)
        except TypeError:  # an unhashable field: a list where the action holds a tuple
            key = known = None
        if known is not None:
            return known
        parsed = self.parse_action(text)
        try:
            same = type(parsed) is type(action) and parsed == action
        except Exception:  # noqa: BLE001 - a field whose comparison fails is not a field of ours
            same = False
        if not same:
            raise IllegalAction(
                self.action_rule(),
                "{action} does not say what its text {text} says; "
                "take actions from legal_actions() or write them as text",
                action=short(action),
                text=repr(text),
            )
        if key is not None and len(self._checked) < 100_000:
            self._checked[key] = parsed
        return parsed

    def play(self, *actions) -> Game:
        """Apply several actions in order; returns the game, so calls can be chained."""
        for action in actions:
            self.apply(action)
        return self

    def undo(self, steps: int = 1) -> None:
        """Take back the last `steps` actions (replays the game from its start).

        This takes back anything: whoever offers undo to players who must not peek asks
        `first_reveal` first (the boards do, outside their open teaching mode)."""
        if steps < 0 or steps > len(self.history):
            raise NothingToUndo(f"cannot undo {steps} step(s): only {len(self.history)} taken")
        keep = self.history[: len(self.history) - steps]
        self._start()
        for action in keep:
            self.apply(action)

    @classmethod
    def replay(cls, settings: Settings, actions: Iterable) -> Game:
        """A new game with `settings` after `actions` (objects or texts)."""
        game = cls(settings)
        for step, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalAction as error:
                raise IllegalAction(
                    error.rule,
                    "step {step} ({action}): {reason}",
                    step=step + 1,
                    action=str(action),
                    reason=error.message,
                ) from None
        return game

    def events(self) -> list[Event]:
        """The event log, oldest first; each event names its rule id."""
        return [Event(*entry) for entry in self.log]

    def events_for(self, viewer: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The event log as player `viewer` may read it (None: a spectator), each with its "text";
        from event number `since` on (each event is worded on every reading, so a caller following
        the game asks only for the new ones)."""
        return [self._with_text(event.visible_to(viewer)) for event in self.events()[since:]]

    def open_events(self, since: int = 0) -> list[dict[str, Any]]:
        """The all-seeing teaching log: every secret shown (every card dealt and drawn)."""
        return [self._with_text(event.everything()) for event in self.events()[since:]]

    def told_to(self, viewer: int | None, since: int = 0) -> list[dict[str, Any]]:
        """`events_for(viewer)` worded for that seat: its own actions as "You ...", the way a
        board's log speaks to the person at it."""
        return [self._with_text(event.visible_to(viewer), viewer) for event in self.events()[since:]]

    def _with_text(self, entry: dict[str, Any], reader: int | None = None) -> dict[str, Any]:
        entry["text"] = self.describe(entry, reader)
        return entry

    def fingerprint(self) -> str:
        """A canonical text of the whole position (all hidden information included)."""
        return json.dumps(
            {"open": self.open_view(), "history": [str(a) for a in self.history]},
            sort_keys=True,
            separators=(",", ":"),
        )

    def winners(self) -> list[int]:
        """The players with the highest score (several on a tie)."""
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    # Sides: who plays with whom. Every seat is a side of its own unless a game of partners says
    # otherwise (it then overrides all three).
    def side_of(self, player: int) -> int:
        """The side `player` plays on."""
        return player

    def totals(self) -> list[int]:
        """Each side's score so far (final once `is_over`), one per side."""
        return self.scores()

    def winning_sides(self) -> list[int]:
        """The sides that won (several on a tie) of a finished game."""
        return self.winners()

    def win_shares(self) -> list[float]:
        """Each player's share of the win of a finished game: 1/k to each seat of k winning sides
        (partners both get their side's share)."""
        return shares(self, self.winning_sides())

    def leads(self) -> list[float]:
        """Each player's lead: their side's total minus the best other side's total."""
        return leads(self, self.totals())

    # Save and load live in kit.core.saves; these are shortcuts.
    def save(self) -> dict[str, Any]:
        from .saves import save

        return save(self)

    def dumps(self) -> str:
        return json.dumps(self.save(), indent=1)

    #: True when the seed was drawn unguessably for players who must not know it (a board without a
    #: chosen seed sets it): then the seed is not shown until the game is over
    secret_seed: bool = False

    def __repr__(self) -> str:
        """Names the seed a caller chose (a known deal: they know it already); a secret seed shows
        as "hidden" until the game is over, when the boards tell it too."""
        state = "over" if self.is_over else f"player {self.current_player} to act"
        seed = "hidden" if self.secret_seed and not self.is_over else self.settings.seed
        return f"<{type(self).__name__} seed={seed} step {len(self.history)}, {state}>"


_interned: dict[tuple, Any] = {}


def interned(kind: type, *args: Any) -> Any:
    """One shared object per action value (actions are immutable), so that listing the legal
    actions again and again builds no new objects. Use it only for actions whose meaning does not
    depend on the component data (their fields are plain texts and numbers)."""
    key = (kind, *args)
    action = _interned.get(key)
    if action is None:
        action = _interned[key] = trust(kind(*args))
    return action


def trust(action: Any) -> Any:
    """Mark an action object made by the engine itself, and kept alive for good, as well-formed."""
    Game._trusted.add(id(action))
    return action


def shares(game: Game, winning_sides: list[int]) -> list[float]:
    """Each seat's share of the win when `winning_sides` won (see `Game.win_shares`)."""
    return [1 / len(winning_sides) if game.side_of(p) in winning_sides else 0.0 for p in range(game.settings.players)]


def leads(game: Game, totals: list[int]) -> list[float]:
    """Each seat's lead when the sides finished on `totals` (see `Game.leads`)."""
    out = []
    for p in range(game.settings.players):
        side = game.side_of(p)
        out.append(totals[side] - max(t for s, t in enumerate(totals) if s != side))
    return out


def random_playout(game: Game, chance: Chance, max_steps: int | None = None) -> int:
    """Play uniformly random legal actions until the end (or `max_steps`); returns steps taken."""
    apply, sample = game.apply, game.random_action
    start = len(game.history)
    if max_steps is None:
        while not game.is_over:
            apply(sample(chance))
    else:
        for _ in range(max_steps):
            if game.is_over:
                break
            apply(sample(chance))
    return len(game.history) - start
