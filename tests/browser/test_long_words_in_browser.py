"""Longer Norwegian, Polish and Swedish words in the places a board fills only as a game goes on:
Overbooking's stage 2 with a fate badge under every card, the cards the bots just played marked
"new" (Overbooking, Lost Cities), Samoa in the open mode after a price card is chosen (every seat's
small cards, the grey card among them), Lost Cities' draw pile, a lesson explorer's button, and the stage-2 still picture. In
every language at 1366x768 and 1024x768: no text runs out of its box, no word is broken without a
hyphen, and no "new" badge covers any text. One notebook, one browser."""

# ruff: noqa: E501  (the page-side JavaScript below keeps one statement per line)
from __future__ import annotations

from kit.i18n import gettext as translate
from kit.i18n import language
from kit.overbooking import Overbooking
from widgets.overbooking.stage2 import stage_2_picture

from .lab import browser, new_notebook, run_all_in_lab
from .test_board_layout import SIZES, settled
from .test_languages_in_browser import LANGUAGES, overflowing_in

# a hotel of the rulebook's booking example (OB-5): a card books, one uses its ability, one finds no room
STAGE_2 = {
    "check": True,
    "hotels": [
        {
            "rule": "first:monk",
            "beds": 8,
            "queue": [
                ["red", "fish-noble"],
                ["blue", "fish-maid"],
                ["green", "fish-merchant"],
                ["orange", "fish-monk"],
            ],
            "back": [["red", "rose-merchant"]],
        }
    ],
}

CELLS = [
    # Overbooking's stage 2 on the table (a game played to the end of its first round), every step shown
    "from widgets.overbooking import OverbookingBoard\n"
    "board_s2 = OverbookingBoard(players=4, mode='bot', seed=3)\n"
    "while not board_s2.summary:\n    board_s2.act(board_s2.game.legal_actions()[0])\nboard_s2",
    # the bots answer a move: their cards are marked "new" in the queues and at the back doors
    "board_ob = OverbookingBoard(players=4, mode='bot', seed=5)\n"
    "board_ob.act(next(a for a in board_ob.game.legal_actions() if a.where == 'queue'))\nboard_ob",
    # Samoa in the open mode once a price card is chosen: every seat's hand shown small
    "from widgets.samoa import SamoaBoard\n"
    "board_sa = SamoaBoard(players=4, mode='open', seed=5)\n"
    "board_sa.act(board_sa.game.legal_actions()[0])\nboard_sa",
    # Lost Cities once the bot has answered a whole turn: its card marked "new", the drawn card marked
    "from widgets.lostcities import LostCitiesBoard\nboard_lc = LostCitiesBoard(mode='bot', seed=5)\n"
    "for _ in range(2):\n    board_lc.act(board_lc.game.legal_actions()[0])\nboard_lc",
    # a lesson's explorer in each language (its words are chosen when it is made)
    "import ipywidgets as w\nfrom kit.i18n import language\nfrom widgets.probability import rerun\n"
    "def run(seed, steps, trials):\n    print(trials)\n"
    "explorers = []\n"
    f"for lang in {LANGUAGES!r}:\n"
    "    with language(lang):\n"
    "        explorers.append(rerun(run, trials=w.IntSlider(value=100, min=100, max=200)))\n"
    "w.VBox(explorers, layout=w.Layout(width='420px'))",
]
BOARDS = {
    "ob-s2": (0, ".ob-all"),
    "ob": (1, ".tk-changed"),
    "sa": (2, ".sa-other-hand .sa-grey"),
    "lc": (3, ".lc-board .tk-changed"),
}

#: what goes wrong with longer words inside the elements `root` (a CSS selector) matches: a word
#: drawn on two lines with no hyphen, text beyond the bottom of a box that does not scroll, and a
#: "new" badge (a ::after mark) over text or over another badge
LONG_WORD_PROBLEMS = """(root) => {
    const problems = [];
    const scopes = [...document.querySelectorAll(root)];
    const probe = document.createElement('div');  // does this browser hyphenate the board's language?
    probe.lang = scopes[0]?.closest('[lang]')?.lang || 'en';
    probe.style.cssText = 'width: 1px; hyphens: auto; overflow-wrap: normal; position: absolute; font-size: 12px';
    probe.textContent = 'zarezerwowano';
    document.body.append(probe);
    const hyphenates = probe.getBoundingClientRect().height > 20;
    probe.remove();
    const lines = (range) => new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
    const texts = [];
    for (const scope of scopes) {
        const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.parentElement.closest('svg, option, select')) continue;
            for (const word of node.textContent.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                texts.push({range, host: node.parentElement, word: word[0]});
                const hyphenated = hyphenates && getComputedStyle(node.parentElement).hyphens === 'auto';
                if (lines(range) > 1 && !/[-\\u00ad/]/.test(word[0]) && !hyphenated) {
                    problems.push(`word broken without a hyphen: ${word[0]} (${node.parentElement.className})`);
                }
            }
        }
        for (const box of [scope, ...scope.querySelectorAll('*')]) {
            const style = getComputedStyle(box);
            if (['auto', 'scroll'].includes(style.overflowY) || box.closest('svg') || style.display === 'contents') continue;
            if (box.clientHeight > 0 && box.scrollHeight > box.clientHeight + 1 && box.textContent.trim()) {
                problems.push(`text runs out of the bottom of ${box.className}: ${box.textContent.trim().slice(0, 40)}`);
            }
        }
    }
    const badges = scopes.flatMap((scope) => [...scope.querySelectorAll('.tk-changed, .tk-drawn')]).map((host) => {
        const mark = getComputedStyle(host, '::after'), own = getComputedStyle(host), r = host.getBoundingClientRect();
        const px = (v) => parseFloat(v) || 0;
        const width = px(mark.width) + px(mark.paddingLeft) + px(mark.paddingRight);
        const height = px(mark.height) + px(mark.paddingTop) + px(mark.paddingBottom);
        const right = r.right - px(own.borderRightWidth) - px(mark.right);
        const top = r.top + px(own.borderTopWidth) + px(mark.top);
        return {host, x: right - width, right, y: top, bottom: top + height};
    });
    const meets = (a, b) => a.x < b.right - 0.5 && b.x < a.right - 0.5 && a.y < b.bottom - 0.5 && b.y < a.bottom - 0.5;
    badges.forEach((badge, i) => {
        for (const text of texts) {
            if (badge.host.contains(text.host)) continue;
            const covered = [...text.range.getClientRects()].some((r) => r.width > 0 && meets(badge, {x: r.left, right: r.right, y: r.top, bottom: r.bottom}));
            if (covered) problems.push(`a badge covers "${text.word}" (${text.host.className})`);
        }
        badges.slice(i + 1).forEach((other) => { if (meets(badge, other)) problems.push('two badges overlap'); });
    });
    return problems;
}"""

#: in a still picture (SVG): every text inside the smallest box drawn under it, and inside the picture
STILL_PROBLEMS = """() => {
    const svg = document.querySelector('svg');
    const rects = [...svg.querySelectorAll('rect')].slice(1).map((r) => r.getBoundingClientRect());
    const whole = svg.getBoundingClientRect();
    const problems = [];
    for (const text of svg.querySelectorAll('text')) {
        const t = text.getBoundingClientRect(), cx = (t.left + t.right) / 2, cy = (t.top + t.bottom) / 2;
        const under = rects.filter((r) => r.left <= cx && cx <= r.right && r.top <= cy && cy <= r.bottom)
            .sort((a, b) => a.width * a.height - b.width * b.height)[0] || whole;
        if (t.left < under.left - 0.5 || t.right > under.right + 0.5) problems.push(`"${text.textContent}" runs out of its box`);
        if (t.left < whole.left || t.right > whole.right) problems.push(`"${text.textContent}" runs out of the picture`);
    }
    return problems;
}"""


def test_long_words_fit_as_the_game_goes_on(server, artifacts):
    path = new_notebook(server.root, "long-words.ipynb", *CELLS)
    width, height, scale = SIZES["1366x768"]
    with browser(width, height, scale=scale) as page:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        run_all_in_lab(page, server, path)
        page.evaluate(  # a class per cell, for selectors that name one cell's output
            "() => window.jupyterapp.shell.currentWidget.content.widgets.forEach((c, i) => c.node.classList.add(`cell-${i}`))"
        )
        for cell, shown in BOARDS.values():
            page.wait_for_selector(f".cell-{cell} {shown}", timeout=60_000)
        assert errors == []
        problems: list = []
        for lang in LANGUAGES:
            with language(lang):
                undo = translate("Undo")
            for cell, _ in BOARDS.values():
                root = f".cell-{cell} .tk-board"
                page.evaluate(f"() => {{ window.jupyterapp.shell.currentWidget.content.activeCellIndex = {cell}; }}")
                page.locator(f"{root} .tk-lang").select_option(lang)
                page.wait_for_function(
                    "([root, undo]) => document.querySelector(`${root} .tk-undo`)?.textContent === undo",
                    arg=[root, undo],
                )
            show_all = page.locator(".cell-0 .ob-all")  # every step of stage 2, every card's fate
            if show_all.is_enabled():
                show_all.click()
            page.wait_for_function("() => document.querySelector('.cell-0 .ob-all')?.disabled")
            page.wait_for_selector(".cell-0 .ob-fate")
            for size in ("1366x768", "1024x768"):
                width, height, _ = SIZES[size]
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_function(f"() => document.querySelector('.jp-LabShell').offsetWidth === {width}")
                settled(page)
                for board, (cell, shown) in [*BOARDS.items(), ("explorer", (4, ".widget-button"))]:
                    page.evaluate(
                        f"() => {{ window.jupyterapp.shell.currentWidget.content.activeCellIndex = {cell}; }}"
                    )
                    root = f".cell-{cell} " + (".tk-board" if board != "explorer" else ".widget-vbox")
                    page.locator(f".cell-{cell} {shown}").first.scroll_into_view_if_needed()
                    settled(page)
                    found = page.evaluate(LONG_WORD_PROBLEMS, root) + overflowing_in(page, root)
                    if board == "explorer":  # a button's words are never cut to "…"
                        found += page.evaluate(
                            """(root) => [...document.querySelectorAll(`${root} .widget-button`)]
                                .filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => `cut: ${b.textContent}`)""",
                            root,
                        )
                    problems += [(lang, size, board, problem) for problem in found]
                    page.screenshot(path=artifacts / f"long-words-{lang}-{size}-{board}.png")
        for lang in LANGUAGES:
            with language(lang):
                svg = stage_2_picture(Overbooking(players=4, seed=1, scenario=STAGE_2), hotel=1, rule="first:monk").svg
            page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")
            problems += [(lang, "still picture", problem) for problem in page.evaluate(STILL_PROBLEMS)]
            page.screenshot(path=artifacts / f"long-words-{lang}-stage-2-still.png", full_page=True)
    # each problem once, with the languages and sizes it was seen in
    seen: dict = {}
    for lang, *where, problem in problems:
        seen.setdefault((where[-1], str(problem)), set()).add(f"{lang} {where[0]}" if len(where) > 1 else lang)
    assert not seen, "\n".join(
        f"{board}: {problem} [{', '.join(sorted(at))}]" for (board, problem), at in sorted(seen.items())
    )
