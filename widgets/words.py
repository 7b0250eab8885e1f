"""Every word a board's page shows that is not in its view, in the board's language.

The JavaScript has no words of its own: each board sends `board_words(...)` as its `words` trait
(keys the page looks up with ``t(model, key, {...})`` in widgets/common.js, each an English message
with named places for the catalogs), and sends it again whenever its `lang` changes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from kit.i18n import LANGUAGES, N_, NAMES, get_language, gettext, language, ngettext

#: the words of the shared side panel, the pass-the-device screen and the end-of-round screen
SHARED = {
    "scores": N_("scores"),
    "since_last_move": N_("Since your last move"),
    # the badges on what changed since the viewer's last move, and on the card they drew
    "mark_new": N_("new"),
    "mark_drawn": N_("drawn"),
    "game_controls": N_("game controls"),
    "mode_bot": N_("Against bots"),
    "mode_hotseat": N_("Hot-seat (pass the device)"),
    "mode_open": N_("Open teaching mode"),
    "mode": N_("mode"),
    "switch": N_("Switch"),
    "keep_playing": N_("Keep playing"),
    "bot": N_("bot"),
    "bot_heuristic": N_("heuristic"),
    "bot_random": N_("random"),
    "bot_ismcts": N_("ismcts"),
    "pace": N_("pace of the bots"),
    "pace_instant": N_("Bots answer at once"),
    "pace_step": N_("Step through bot moves (Next)"),
    "next_seed": N_("seed of the next game"),
    "seed": N_("seed"),
    "new_game": N_("New game"),
    "undo": N_("Undo"),
    "bot_move": N_("Bot move"),
    "what_happened_label": N_("what happened"),
    "what_happened": N_("What happened"),
    "continue": N_("Continue"),
    "board_label": N_("{title} board"),
    "panel_region": N_("{title}: scores, messages, controls and what happened"),
    "engine_answers": N_("The rules engine's answers appear here."),
    "next_bot_move": N_("Next: the bots' next move"),
    "next_bot_move_hint": N_("pace: one bot action at a time (change it below)"),
    "since_last_move_label": N_("since your last move"),
    "mode_hint": N_("who plays: you against bots, people sharing this device, or everything shown"),
    "switch_ask": N_('Switch to "{mode}"? {change}'),
    "bot_option": N_("{bot} bot"),
    "pace_hint": N_("how the other seats' turns are shown"),
    "undo_blocked": N_("Undo cannot act: {why}"),
    "undo_hint": N_("take back your last move"),
    "bot_move_hint": N_("let the bot make the next action for the player to move"),
    "round_over_status": N_("{title}: read it, then press {button}."),
    "open_banner": N_("Open teaching mode: {banner}"),
    "handover_prompt": N_("Player {seat}, it is your turn. Make sure nobody else can see the screen."),
    "handover_button": N_("I am player {seat}: show my hand"),
    "mode_change_bot": N_("A new game starts, against the bots."),
    "mode_change_hotseat": N_("A new game starts, for people sharing this device."),
    "mode_change_open": N_("A new game starts with every card shown."),
    "language": N_("language"),
    # what every board's own drawing says alike
    "your_turn": N_("Your turn"),
    "players_turn_cap": N_("Player {seat}'s turn"),
    "your_hand_lower": N_("your hand"),
    "hand_of_player": N_("Hand of player {seat}"),
    "the_table": N_("the table"),
    "you": N_("you"),
    "player_lower": N_("player {seat}"),
    "selection_dropped": N_("Selection dropped (Escape)."),
    "pass_device_first": N_("Pass the device: player {seat} must first ask to see their hand."),
    "bots_to_move": N_("The bots are to move: press Next to see their next move."),
    "not_your_turn": N_("It is player {seat}'s turn, not yours."),
    "pass_device_to": N_("Pass the device to player {seat}."),
    "round_of": N_("Round {round} of {rounds}"),
    "selected_suffix": N_(", selected"),
    "the_hotels": N_("the hotels"),
    "game_over_new": N_("The game is over: press New game to play again."),
}


def speaks(draw: Callable[..., Any]) -> Callable[..., Any]:
    """Give a picture or chart function a ``lang=`` argument: its words in that language (None: the
    language in force, `kit.i18n`)."""

    @functools.wraps(draw)
    def drawn(*args: Any, lang: str | None = None, **kwargs: Any) -> Any:
        with language(lang):
            return draw(*args, **kwargs)

    return drawn


def counted(singular: str, plural: str) -> tuple[str, str]:
    """A message with a count ``{n}`` in it, in its two English forms (each language has its own)."""
    return singular, plural


#: the words of the advisor's table under every board (widgets/analysis.js)
ANALYSIS = {
    "analysis_region": N_("the advisor: every legal move valued by simulation"),
    "analyse": N_("Analyse"),
    "analysis_on": N_("Analysis on"),
    "analyse_hint": N_("the advisor: every legal move valued by playing the rest of the game many times"),
    "analysing": N_("analysing…"),
    "analysing_percent": N_("analysing… {percent}"),
    "analysis_everything": N_(
        'Player {seat} to move, using everything (all hidden cards); "knows" = with only what player {seat} can see.'
    ),
    "analysis_own": N_("Your move, using only what player {seat} can see (hidden cards redealt in every rollout)."),
    "analysis_table": N_("every legal move, sorted by expected score difference, best first"),
    "column_rank": N_("#"),
    "column_rank_hint": N_("rank"),
    "column_move": N_("move"),
    "column_move_hint": N_("the move"),
    "column_score": N_("score difference ▼"),
    "column_score_hint": N_(
        "expected final score difference (yours minus the best other), with its {level} interval: the column the table "
        "is sorted by"
    ),
    "column_vs_best": N_("vs best (paired)"),
    "column_vs_best_hint": N_(
        "this move minus the best move, over the very same rollouts, with its {level} interval: below zero all through "
        "means clearly worse"
    ),
    "column_win": N_("win chance"),
    "column_win_hint": N_("the share of rollouts won, with its {level} interval"),
    "column_knows": N_("knows"),
    "column_knows_hint": N_("win chance with only what player {seat} can see"),
    "tie_badge": N_("tie {letter}"),
    "tie_hint": N_("the same game as the other moves marked so (see below the table)"),
    "interval": N_("({low} to {high})"),
    "difference_hint": N_("expected final score difference {difference}, {level} interval {low} to {high}, n = {n}"),
    "best": N_("best"),
    "equal_best": N_("= best"),
    "worse_hint": N_("clearly worse than the best: its whole {level} interval is below zero"),
    "best_hint": N_("the best move by this table"),
    "not_told_apart_hint": N_("not told apart from the best yet: its {level} interval reaches zero"),
    "win_hint": N_("win chance {win}, {level} interval {low} to {high}, n = {n}"),
    "show_best": counted("Show the best {n} move", "Show the best {n} moves"),
    "show_all": counted("Show the {n} move", "Show all {n} moves"),
    "chosen": N_("Chosen: {action} (marked on the board)."),
    "play_action": N_("Play {action}"),
    "drop_choice": N_("Drop the choice"),
    "tie_line": N_("Tie {letter}: {sentence}"),
    "analysis_sorted": N_(
        "Sorted by the expected score difference, best first. n = {n} rollouts per action, every move on the same "
        "redeals; {policy} play afterwards (a simulation of that bot's play, not best play); {seconds} s."
    ),
    "analysis_hover": N_("Hover a row to see the move on the board; click it to choose it."),
}


#: the words of the review, save and load panel under every board (widgets/review.js)
REVIEW = {
    "review_region": N_("review of the game, save and load"),
    "practice_banner": N_("Practice game: not a fair game (the log says why)."),
    "review_open": N_("Review the game"),
    "review_open_hint": N_("step through the game as you saw it, with the advisor's verdicts"),
    "review_first": N_("Start"),
    "review_first_hint": N_("the start (Home)"),
    "review_back": N_("◀ Back"),
    "review_back_hint": N_("one step back (left arrow)"),
    "review_where": N_("Step {at} of {last}"),
    "review_forward": N_("Forward ▶"),
    "review_forward_hint": N_("one step on (right arrow)"),
    "review_last": N_("End"),
    "review_last_hint": N_("the latest moment (End)"),
    "review_play": N_("Play from here"),
    "review_play_hint": N_("a new practice game against the bots from this moment"),
    "review_close": N_("Close review"),
    "review_close_hint": N_("back to the game"),
    "save_game": N_("Save game"),
    "save_game_hint": N_("download the game as a save file"),
    "load_game": N_("Load game…"),
    "review_everything": N_("Everything is shown: every hand and every card drawn."),
    "review_as_seen": N_("The game as player {seat} saw it at each moment — nothing more."),
    "review_moves": N_("moves"),
    "review_start_move": N_("Start. {opening}"),
    "review_best": N_("best"),
    "review_cost_hint": N_("cost {cost} points against the advisor's best (paired)"),
    "review_best_hint": N_("the advisor's best, or as good"),
    "review_evaluating": N_("evaluating your decisions… {done} of {total}"),
    "review_evaluate": N_("Evaluate my decisions"),
    "review_evaluate_again": N_("Evaluate again"),
    "review_evaluate_hint": N_(
        "the advisor replays the rest of the game from each of your decisions, using only what you could see"
    ),
    "review_graph_note": N_(
        "Each dot: one of your decisions. Shaded: {level} interval. n = {n} rollouts per choice, {policy} play "
        "afterwards, hidden cards redealt from what you could see."
    ),
    "review_costliest": N_("Your costliest decisions"),
    "review_none_costly": N_("None of your decisions cost points against the advisor's best."),
    "review_axis_difference": N_("expected score difference"),
    "review_axis_win": N_("win chance"),
    "review_axis_start": N_("start"),
    "review_axis_step": N_("step {step}"),
    "review_dot_hint": N_(
        "step {step}: {action} — score difference {difference} ({level} interval {low} to {high}), win chance {win} "
        "({win_low} to {win_high}), cost {cost}"
    ),
    "review_graph_label": counted(
        "evaluation graph: {n} decision evaluated; after it, score difference {difference}, win chance {win}",
        "evaluation graph: {n} decisions evaluated; after the last, score difference {difference}, win chance {win}",
    ),
    "review_what_if": N_("What if? Instead of {played}:"),
    "review_alternative": N_("an alternative to the move played"),
    "review_compare": N_("Compare"),
    "review_compare_hint": N_("the alternative's rollouts beside what was played (the same redeals)"),
    "review_played_side": N_("played: {action}"),
    "review_instead_side": N_("instead: {action}"),
    "review_bin_hint": N_("{count} of {n} rollouts ended between {low} and {high}"),
    "review_final_difference": N_("final score difference"),
    "review_side_note": N_("score difference {mean} ({level} interval {low} to {high}), win chance {win}, n = {n}"),
    "review_paired": N_(
        "On the same {n} redeals, {alternative} minus {played}: {mean} points ({level} interval {low} to {high})."
    ),
}


def board_words(extra: dict[str, str | tuple[str, str]] | None = None) -> dict[str, object]:
    """The shared words and a board's own (`extra`), translated; "languages" lists the menu's
    choices and "lang" is the language itself. A (singular, plural) pair becomes one form per plural
    category of the language ("one", "few", "many", "other"), for the browser's Intl.PluralRules."""
    lang = get_language()
    words: dict[str, object] = {}
    for key, text in {**SHARED, **ANALYSIS, **REVIEW, **(extra or {})}.items():
        words[key] = plural_forms(lang, *text) if isinstance(text, tuple) else gettext(text)
    words["languages"] = {code: NAMES[code] for code in LANGUAGES}
    words["lang"] = lang
    return words


def plural_forms(lang: str, singular: str, plural: str) -> dict[str, str]:
    """`singular`/`plural` in each of `lang`'s plural categories (CLDR's names, as the browser uses)."""
    from babel import Locale

    rule = Locale.parse(lang).plural_form
    forms = {}
    for n in (*range(0, 30), 100, 101, 102, 105, 111, 112, 125, 1000, 1001):
        category = rule(n)
        if category not in forms:
            forms[category] = ngettext(singular, plural, n)
    return forms
