#!/usr/bin/env python3
"""Set up tablekit in a local virtual environment, then open it or test it.

    python3 dev.py lab      set up (first time only) and open JupyterLab on notebooks/
    python3 dev.py test     set up (first time only) and run the whole test suite
    python3 dev.py setup    only set up
    python3 dev.py voila    set up (first time only) and serve notebooks/ as pages without code (Voila);
                            with --class: only the student versions, behind a token, idle kernels stopped
    python3 dev.py class --roster FILE
                            set up and start a JupyterHub for a class (root; see README, Teaching a class)
    python3 dev.py notebooks [PATH...]
                            re-run notebooks in place and store their outputs (no widget state);
                            with no path, every notebook under notebooks/
    python3 dev.py translations [extract|update|compile|check]
                            the gettext catalogs (kit/locale): extract the messages from kit/ and
                            widgets/, update every language's catalog, compile the .mo files
                            (setup does), check that none is missing or fuzzy (docs/translating.md)
    python3 dev.py mutate [GAME ...]   mutation testing of the rules, scoring and determinize
                            (slow, on demand, never in CI; see docs/mutation-testing.md)

Needs nothing but Python 3.11+. The environment lives in .venv/ and is reinstalled whenever
pyproject.toml changes. Extra arguments go to JupyterLab or pytest, e.g. `python3 dev.py test -x -k LC-5`.
`test` runs on every core (pytest-xdist, up to 4 workers); `python3 dev.py test -n 0` runs serially.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / "tablekit-installed.txt"
# Voila reads voila.json from the folder it starts in: `lab` (Voila inside JupyterLab) and `voila`
# both start in ROOT. A Voila page runs on Voila's own bundled JupyterLab 4.2 core, so voila.json
# loads only the front ends a page needs (Voila's widget manager, ipywidgets' manager, anywidget):
# the notebook and nbgrader extensions, built for this JupyterLab (4.6), fail there. The pins in
# pyproject.toml (voila, ipywidgets, jupyterlab_widgets) keep those three built for 4.2, so that a
# page's console has no version-mismatch warnings. voila.json also keeps the two safeguards that
# Voilas after the pinned one add: no template chosen by the URL or the notebook, and file rules
# that ignore the case of a name.


def say(message: str) -> None:
    print(f"[dev.py] {message}", flush=True)


def run(*command: str | Path, **options) -> None:
    subprocess.run([str(part) for part in command], check=True, **options)


def setup() -> None:
    environment()
    # the numba kernels, compiled once into their cache (a second when they already are), so that
    # no board or lesson waits a minute for them (kit/kernels/prepare.py)
    run(PYTHON, "-m", "kit.kernels.prepare", cwd=ROOT)
    compile_translations()


def environment() -> None:
    """The .venv with tablekit installed, (re)installed whenever pyproject.toml changed."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this script must say so on an older Python
        sys.exit(f"tablekit needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not (PYTHON.exists() and STAMP.exists() and STAMP.read_text().strip() == wanted):
        install(wanted)


def install(wanted: str) -> None:
    if not PYTHON.exists():
        say(f"creating a virtual environment in {VENV}")
        venv.create(VENV, with_pip=True)
    say("installing tablekit with its Jupyter, simulation, fast and test extras (about a minute the first time)")
    run(PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--upgrade", "pip")
    quiet = ("--quiet", "--disable-pip-version-check")
    run(PYTHON, "-m", "pip", "install", *quiet, "-e", f"{ROOT}[jupyter,sim,fast,test]")
    STAMP.write_text(wanted + "\n")


def start_page() -> Path:
    """The start page in the learner's language (TABLEKIT_LANG, else the system locale), else English."""
    sys.path.insert(0, str(ROOT))
    from kit.i18n import get_language  # the standard library only: no .venv needed

    translated = ROOT / "notebooks" / get_language() / "index.ipynb"
    return translated if translated.exists() else ROOT / "notebooks" / "index.ipynb"


def lab(args: list[str]) -> int:
    setup()
    # open the starting page itself, inside a file browser rooted at notebooks/
    page = start_page()
    command = [
        str(BIN / "jupyter"),
        "lab",
        f"--notebook-dir={ROOT / 'notebooks'}",
        str(page),
        # saved notebooks keep each board's still picture, not a widget id that reopens as an error
        "--ContentsManager.pre_save_hook=widgets.still.pre_save_hook",
        *args,
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in args:
        command.append("--allow-root")  # JupyterLab refuses root without it (containers, CI)
    say(f"opening JupyterLab on notebooks/ (start with {page.relative_to(ROOT / 'notebooks')}; Ctrl-C to stop)")
    return subprocess.call(command, cwd=ROOT)


def voila(args: list[str]) -> int:
    """Every notebook under notebooks/ as a page without code: the start page links to the others
    (Voila serves a whole folder this way; given one notebook, it serves only that one). With
    --class: the pages a class may open (student versions of the lessons only), behind a token,
    with idle kernels culled (classroom/voila_site.py)."""
    setup()
    port = next((arg.split("=", 1)[1] for arg in args if arg.startswith("--port=")), "8866")
    if "--class" not in args:
        say(f"serving notebooks/ with Voila: open http://localhost:{port}/voila/render/index.ipynb (Ctrl-C to stop)")
        command = [str(BIN / "voila"), str(ROOT / "notebooks"), "--no-browser", *args]
        return subprocess.call(command, cwd=ROOT)
    args = [arg for arg in args if arg != "--class"]
    return subprocess.call([str(PYTHON), "-m", "classroom.voila_site", *args], cwd=ROOT)


def classroom(args: list[str]) -> int:
    """A JupyterHub for one class (classroom/server.py); it installs its own software under its root."""
    setup()
    return subprocess.call([str(PYTHON), "-m", "classroom", *args], cwd=ROOT)


def cores() -> int:
    """The cores this process may use (a container's or CI job's limit, not the host's count)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def parallel(args: list[str]) -> list[str]:
    """pytest-xdist's options for running the suite on every core (at most 4: the browser tests stay
    on one worker, which bounds the run, and each worker compiles the numba kernels it needs), unless
    the arguments say otherwise: `-n 0` or `-p no:xdist` runs serially (--pdb and --trace need that
    too), `-n N` chooses the workers, `--dist` the scheduling. How tests are grouped: tests/conftest.py."""
    workers = None
    for arg, after in zip(args, [*args[1:], ""]):
        if arg in ("-n", "--numprocesses"):
            workers = after
        elif arg.startswith("--numprocesses="):
            workers = arg.split("=", 1)[1]
        elif arg.startswith("-n") and not arg.startswith("--"):
            workers = arg[2:].lstrip("=")
    serial = workers == "0" or any("no:xdist" in arg or arg in ("--pdb", "--trace") for arg in args)
    if serial or any(arg.split("=", 1)[0] in ("--dist", "-d") for arg in args):
        return []
    if workers is not None:
        return ["--dist", "loadscope"]
    return ["-n", str(min(cores(), 4)), "--dist", "loadscope"] if cores() >= 2 else []


def test(args: list[str]) -> int:
    setup()
    options = parallel(args)
    say("running the test suite" + (f" on {options[1]} workers" if options[:1] == ["-n"] else ""))
    return subprocess.call([str(PYTHON), "-m", "pytest", *options, *args], cwd=ROOT)


def kernelspec() -> dict[str, str]:
    """The notebooks' kernel as the environment's own kernel reports it ("Python 3 (ipykernel)"):
    JupyterLab writes the running kernel's spec into a notebook it opens, so a stored spec that
    differs marks every untouched notebook modified as soon as its kernel connects."""
    listing = subprocess.run(
        [str(BIN / "jupyter"), "kernelspec", "list", "--json"], check=True, capture_output=True, text=True
    )
    spec = json.loads(listing.stdout)["kernelspecs"]["python3"]["spec"]
    return {"display_name": spec["display_name"], "language": spec["language"], "name": "python3"}


def tidy_stored_notebook(path: Path, kernel: dict[str, str] | None = None) -> None:
    """Drop what would make every re-run a diff (the cells' run timestamps) and the boards' widget
    model ids, which no later session can show: their still pictures stay (widgets/still.py); store
    the kernel's spec as the kernel reports it (`kernelspec`)."""
    sys.path.insert(0, str(ROOT))
    from widgets.still import drop_dead_widget_views

    notebook = json.loads(path.read_text(encoding="utf-8"))
    drop_dead_widget_views(notebook)
    notebook["metadata"]["kernelspec"] = kernel or kernelspec()
    for cell in notebook["cells"]:
        cell.get("metadata", {}).pop("execution", None)
    path.write_text(json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def notebooks(args: list[str]) -> int:
    """Re-execute notebooks in place, the way they are stored: outputs kept, widget state not
    (widget state would embed the boards' and charts' JavaScript, ~1 MB per notebook)."""
    paths = [Path(arg).resolve() for arg in args] or sorted(
        path for path in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts
    )
    missing = [str(path) for path in paths if not path.is_file()]
    if missing:
        say(f"no such notebook: {', '.join(missing)}")
        return 2
    setup()
    failed = []
    kernel = kernelspec()
    for number, path in enumerate(paths, 1):
        say(f"[{number}/{len(paths)}] running {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
        command = [
            str(BIN / "jupyter"), "nbconvert", "--to", "notebook", "--execute", "--inplace",
            "--ExecutePreprocessor.store_widget_state=False", str(path),
        ]  # fmt: skip
        if subprocess.call(command, cwd=ROOT) != 0:
            failed.append(str(path))
        else:
            tidy_stored_notebook(path, kernel)
    if failed:
        say(f"{len(failed)} notebook(s) failed and were left as they were: {', '.join(failed)}")
        return 1
    say(f"stored the outputs of {len(paths)} notebook(s)")
    return 0


#: what `dev.py mutate` mutates, per game: the rules, the scoring and determinize (mutmut's names)
_LC, _SA, _OB = "kit.lostcities.game.xǁLostCitiesǁ", "kit.samoa.game.xǁSamoaǁ", "kit.overbooking.game.xǁOverbookingǁ"
MUTATION_TARGETS = {
    "lostcities": ["kit.lostcities.rules.*", "kit.lostcities.scoring.*"]
    + [f"{_LC}{m}__mutmut_*" for m in ("determinize", "known_in_hands", "totals", "scores", "winning_sides")],
    "samoa": ["kit.samoa.rules.*", "kit.samoa.hotel.*"]
    + [f"{_SA}{m}__mutmut_*" for m in ("determinize", "scores", "winners")],
    "overbooking": ["kit.overbooking.rules.*"]
    + [f"{_OB}{m}__mutmut_*" for m in ("determinize", "crest_bonus", "scores", "winners")],
}


def mutate(args: list[str]) -> int:
    """Run mutmut (settings in pyproject.toml [tool.mutmut]) game by game and print the score."""
    import fnmatch

    setup()
    mutmut = BIN / "mutmut"
    if not mutmut.exists():
        run(PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "mutmut>=3.3")
    games = args or list(MUTATION_TARGETS)
    # the derandomized "mutation" hypothesis profile of tests/conftest.py: the same (fewer) examples each
    # run, and example tests ordered before property tests (mutmut stops at the first failure)
    env = {**os.environ, "CI": "true", "HYPOTHESIS_PROFILE": "mutation"}
    for game in games:
        say(f"mutating {game} (slow: an hour or more on 2 cores; results are cached in mutants/)")
        subprocess.call([str(mutmut), "run", *MUTATION_TARGETS[game]], cwd=ROOT, env=env)
    listing = subprocess.run(
        [str(mutmut), "results", "--all", "true"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    for game in games:
        counts: dict[str, int] = {}
        for line in listing.stdout.splitlines():
            name, _, status = line.strip().rpartition(": ")
            if any(fnmatch.fnmatch(name, pattern) for pattern in MUTATION_TARGETS[game]):
                counts[status] = counts.get(status, 0) + 1
        tried = sum(n for status, n in counts.items() if status != "not checked")
        killed = counts.get("killed", 0) + counts.get("timeout", 0)
        score = f"{100 * killed / tried:.1f}%" if tried else "n/a"
        say(f"{game}: {killed} of {tried} mutants killed ({score}); {counts}")
    return 0


# The gettext catalogs: one domain for everything a learner reads from kit/ and widgets/.
LOCALE = ROOT / "kit" / "locale"
TEMPLATE = LOCALE / "tablekit.pot"
LANGUAGES = ("nb", "pl", "sv")
# the functions that carry messages (besides gettext, ngettext and N_): a refusal's reason, a broken
# invariant's reason, a refused setting's reason, a message made now and read later, a rendered
# template, a plural's two forms, a save file's error, a refused page message
KEYWORDS = ("IllegalAction:2", "InvariantBroken:2", "SetupRefused:2", "Message:1", "render:1", "Plural:1,2",
            "counted:1,2", "SaveFileError:1", "PageMessageError:1")


GLOSSARY_TERMS = """
import csv, sys
from babel.messages.pofile import read_po, write_po
with open(sys.argv[1], "rb") as file:
    catalog = read_po(file)
for path in sys.argv[2:]:
    with open(path, newline="", encoding="utf-8") as file:
        for row in csv.DictReader(file):
            catalog.add(row["en"], auto_comments=["glossary: " + path.split("datasets/")[-1]])
with open(sys.argv[1], "wb") as file:
    write_po(file, catalog, omit_header=False, sort_output=True, no_location=True, width=0)
"""


def pybabel(*args: str | Path) -> None:
    run(BIN / ("pybabel.exe" if os.name == "nt" else "pybabel"), *args, cwd=ROOT)


def compile_translations() -> None:
    """Compile every catalog whose .mo is missing or older than its .po (quietly, in place)."""
    for lang in LANGUAGES:
        po = LOCALE / lang / "LC_MESSAGES" / "tablekit.po"
        mo = po.with_suffix(".mo")
        if po.exists() and (not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime):
            pybabel("-q", "compile", "-D", "tablekit", "-d", LOCALE, "-l", lang)


def translations(args: list[str]) -> int:
    """extract: messages -> kit/locale/tablekit.pot; update: the .pot into each .po (new messages
    empty, changed ones fuzzy); compile: the .mo files; check: every catalog complete and valid."""
    environment()
    step = args[0] if args else "check"
    if step == "extract":
        LOCALE.mkdir(parents=True, exist_ok=True)
        keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
        pybabel("-q", "extract", "-F", "babel.cfg", *keywords, "--no-location", "--sort-output",
                "--project", "tablekit", "-o", TEMPLATE, "kit", "widgets")
        # the games' own words (expeditions, guests, tiles...) come from each glossary's English column
        run(PYTHON, "-c", GLOSSARY_TERMS, TEMPLATE, *sorted(ROOT.glob("datasets/*/glossary.csv")))
        page = "from kit.i18n import glossary_page; open('docs/glossary.md', 'w').write(glossary_page())"
        run(PYTHON, "-c", page, cwd=ROOT)
        return 0
    if step == "update":
        for lang in LANGUAGES:
            po = LOCALE / lang / "LC_MESSAGES" / "tablekit.po"
            if po.exists():
                pybabel("-q", "update", "-D", "tablekit", "-i", TEMPLATE, "-d", LOCALE, "-l", lang, "--no-wrap")
            else:
                pybabel("-q", "init", "-D", "tablekit", "-i", TEMPLATE, "-d", LOCALE, "-l", lang, "--no-wrap")
        return 0
    if step == "compile":
        compile_translations()
        return 0
    if step == "check":
        return subprocess.run([str(PYTHON), "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-q",
                               "tests/test_translations.py"], cwd=ROOT).returncode
    print(translations.__doc__)
    return 2


def main(argv: list[str]) -> int:
    commands = {
        "lab": lab,
        "test": test,
        "notebooks": notebooks,
        "voila": voila,
        "mutate": mutate,
        "class": classroom,
        "translations": translations,
    }
    if not argv or argv[0] not in (*commands, "setup"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "setup":
        setup()
        return 0
    return commands[command](rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
