"""Voila for a class: the pages without code (boards, rule paths) that a class may open from one
server, with nothing on them a student should not see and nothing left running when they leave.

`python3 dev.py voila --class` serves a folder built here (`build/voila-class/`), not notebooks/:

- every notebook but the probability lessons as it is, and the lessons (English and every
  translation in notebooks/<lang>/probability/) as nbgrader's student versions (solutions and hidden
  tests removed, outputs cleared): the teacher versions are not on the server at all, so no URL
  reaches them;
- a token the teacher hands out (printed at start), so the server is not open to anyone who finds it;
- idle kernels culled (a page left open and untouched for `idle_minutes`), and the kernel of a page
  that is closed shut down at once: Voila's page asks for that with a beacon carrying the `_xsrf`
  cookie, which Voila 0.5 never sets (voila-dashboards/voila#1458), so the shutdown was refused
  with 403 and every visit left a kernel behind; the site's `voila.py` (the configuration Voila
  reads from the folder it starts in, beside `voila.json`) sets the cookie as the page loads.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"
LESSONS = "probability"
TEMPLATE = "tablekit-class"

#: the site's voila.py: Voila loads voila.py and voila.json from its working directory
VOILA_CONFIG = '''"""Voila for a class (written by classroom/voila_site.py): culling and the shutdown cookie."""

c = get_config()  # noqa: F821


def set_xsrf_cookie(handler, notebook, cwd):
    """Voila's page sends its kernel's shutdown with the _xsrf cookie, which nothing else sets."""
    handler.xsrf_token  # reading it sets the cookie on the page's response


c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie
c.VoilaConfiguration.template = "{template}"  # Voila's lab template without its CDN stylesheets
c.MappingKernelManager.cull_idle_timeout = {idle_seconds}
c.MappingKernelManager.cull_interval = {interval}
c.MappingKernelManager.cull_connected = False  # a page open in front of a student keeps its kernel
'''


def student_versions(lessons: Path, target: Path) -> list[str]:
    """nbgrader's student version of every lesson in `lessons` (one assignment), written into `target`."""
    with tempfile.TemporaryDirectory(prefix="tablekit-release-") as scratch:
        course = Path(scratch)
        (course / "source" / LESSONS).mkdir(parents=True)
        names = [lesson.name for lesson in sorted(lessons.glob("*.ipynb"))]
        for name in names:
            shutil.copy(lessons / name, course / "source" / LESSONS / name)
        env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
        command = [sys.executable, "-m", "nbgrader", "generate_assignment", LESSONS, "--force",
                   "--log-level=WARN", f"--CourseDirectory.root={course}"]  # fmt: skip
        done = subprocess.run(command, cwd=course, env=env, capture_output=True, text=True)  # nbgrader runs alembic
        if done.returncode != 0:
            raise RuntimeError(f"nbgrader could not make the student versions:\n{done.stderr[-2000:]}")
        target.mkdir(parents=True, exist_ok=True)
        for name in names:
            shutil.copy(course / "release" / LESSONS / name, target / name)
    return names


def lesson_folders() -> list[Path]:
    """The English lessons and every language's translated ones (notebooks/<lang>/probability/)."""
    translated = [folder for folder in sorted(NOTEBOOKS.glob(f"*/{LESSONS}")) if any(folder.glob("*.ipynb"))]
    return [NOTEBOOKS / LESSONS, *translated]


def build(target: Path = REPO / "build" / "voila-class", idle_minutes: int = 10) -> Path:
    """The folder a class's Voila serves (made afresh): see the module docstring."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(NOTEBOOKS, target / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints", LESSONS))
    with ThreadPoolExecutor(max_workers=2) as pool:  # one nbgrader process per language, two at a time
        made = [pool.submit(student_versions, lessons, target / "notebooks" / lessons.relative_to(NOTEBOOKS))
                for lessons in lesson_folders()]  # fmt: skip
        for done in made:
            done.result()
    shutil.copy(REPO / "voila.json", target / "voila.json")
    shutil.copytree(
        Path(__file__).parent / "voila_template", target / "share" / "jupyter" / "voila" / "templates" / TEMPLATE
    )
    seconds = idle_minutes * 60
    config = VOILA_CONFIG.format(idle_seconds=seconds, interval=min(60, seconds), template=TEMPLATE)
    (target / "voila.py").write_text(config)
    return target


def serve(site: Path, port: int, token: str, **options) -> subprocess.Popen:
    """Voila on `site` (made by `build`): from its folder (its voila.py and voila.json) and with its
    template on the Jupyter path."""
    voila = Path(sys.executable).parent / "voila"
    command = [str(voila), str(site / "notebooks"), "--no-browser", f"--port={port}", f"--token={token}"]
    env = {
        **os.environ,
        "JUPYTER_PATH": os.pathsep.join(
            filter(None, [str(site / "share" / "jupyter"), os.environ.get("JUPYTER_PATH")])
        ),
    }
    return subprocess.Popen(command, cwd=site, env=env, **options)


def main(argv: list[str]) -> int:
    """`python3 dev.py voila --class [--port=N]`: build the site, then serve it until stopped."""
    port = next((int(arg.split("=", 1)[1]) for arg in argv if arg.startswith("--port=")), 8866)
    token = secrets.token_urlsafe(12)
    site = build()
    print(f"[class] serving the class pages: open http://localhost:{port}/voila/render/index.ipynb?token={token}")
    print("[class] hand out that address; pages left idle are stopped after 10 minutes (Ctrl-C to stop)", flush=True)
    process = serve(site, port, token)
    try:
        return process.wait()
    except KeyboardInterrupt:
        process.terminate()
        return process.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
