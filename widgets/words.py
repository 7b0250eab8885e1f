"""Every word a board's page shows that is not in its view, in the board's language.

The JavaScript has no words of its own: each board sends `board_words(...)` as its `words` trait
(keys the page looks up with ``t(model, key, {...})`` in widgets/common.js, each an English message
with named places for the catalogs), and sends it again whenever its `lang` changes.
"""

from __future__ import annotations

from kit.i18n import LANGUAGES, N_, NAMES, gettext

#: the words of the shared side panel, the pass-the-device screen and the end-of-round screen
SHARED = {
    "scores": N_("scores"),
    "since_last_move": N_("Since your last move"),
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
}


def board_words(extra: dict[str, str] | None = None) -> dict[str, object]:
    """The shared words and a board's own (`extra`), translated; "languages" lists the menu's choices."""
    words: dict[str, object] = {key: gettext(text) for key, text in {**SHARED, **(extra or {})}.items()}
    words["languages"] = {code: NAMES[code] for code in LANGUAGES}
    return words
