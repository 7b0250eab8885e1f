"""Set up and start a JupyterHub for one class on this machine.

What `python3 dev.py class` builds, all under one folder (the class root, `/srv/tablekit-class` by
default):

    venv/        the kit and the hub's software, installed once for all (from a Python every account can run)
    node/        configurable-http-proxy, from the npm registry, installed here rather than globally
    hub/         JupyterHub's database, cookie secret and settings.json (read by jupyterhub_config.py)
    exchange/    nbgrader's exchange: released lessons, submissions, feedback
    secrets/     the accounts' passwords, readable by root only (hand them out; see passwords.csv)

Every student, the teacher and the grading account get an account of their own on this machine, so
each single-user server runs as its owner and sees only its owner's files (home folders are 0700):
a student cannot read another student's work, the teacher's lesson sources or the hidden tests.
That needs root. Logins use PAM (JupyterHub's own default authenticator) with a password per account:
JupyterHub's SharedPasswordAuthenticator lets anyone who knows the class password log in as any
student, which would undo that separation.

The teacher grades in nbgrader's formgrader, run as a hub service under the grading account
(``/services/<course>/formgrader``), where the teacher's view of the class also lives
(``/services/<course>/lab``, the notebook gradebook.ipynb); `jupyterhub-idle-culler` stops servers left idle.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import pwd
import secrets
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from kit.i18n import NAMES, check_language

from .roster import USERNAME, Student, read_roster

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"
LESSONS = NOTEBOOKS / "probability"
TEACHER_VIEW = Path(__file__).resolve().parent / "teacher" / "gradebook.ipynb"
CONFIG = Path(__file__).resolve().parent / "jupyterhub_config.py"
DEFAULT_ROOT = Path("/srv/tablekit-class")
#: the students' runtime folders (their kernels' Unix sockets: a short path, at most 107 bytes each)
RUNTIME = Path("/run/tablekit-class")
PROXY = "configurable-http-proxy@5"
HUB_PACKAGES = ("jupyterhub>=5,<7", "jupyterhub-idle-culler>=1.4", "nbgrader>=0.9.5")


class ClassServerError(RuntimeError):
    """The class server cannot be set up as asked; the message says why and what to do."""


def say(message: str) -> None:
    print(f"[class] {message}", flush=True)


@dataclass(frozen=True)
class ClassRoot:
    """The folders of one class server."""

    root: Path

    @property
    def venv(self) -> Path:
        """root/venv, or TABLEKIT_CLASS_VENV: one venv may serve several class roots (the tests')."""
        return Path(os.environ.get("TABLEKIT_CLASS_VENV") or self.root / "venv")

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    @property
    def node(self) -> Path:
        return self.venv / "node"

    @property
    def proxy(self) -> Path:
        return self.node / "node_modules" / ".bin" / "configurable-http-proxy"

    @property
    def hub(self) -> Path:
        return self.root / "hub"

    @property
    def exchange(self) -> Path:
        return self.root / "exchange"

    @property
    def secrets(self) -> Path:
        return self.root / "secrets"

    @property
    def settings(self) -> Path:
        return self.hub / "settings.json"


@dataclass(frozen=True)
class Accounts:
    """The hub's users: the teacher (an admin, who grades), the grading account the formgrader
    service runs as, and the students."""

    teacher: str
    course: str
    students: tuple[Student, ...]

    @property
    def grader(self) -> str:
        return f"grader-{self.course}"

    @property
    def everyone(self) -> list[str]:
        return [self.teacher, self.grader, *(student.username for student in self.students)]


def wanted_stamp() -> str:
    """What the class venv's dependencies were built from: the kit's pyproject and the hub packages."""
    text = (REPO / "pyproject.toml").read_bytes() + "\n".join(HUB_PACKAGES).encode()
    return hashlib.sha256(text).hexdigest()


def kit_stamp() -> str:
    """What the kit installed in the class venv was built from (it is a copy, not an editable install:
    every account must be able to read it)."""
    digest = hashlib.sha256()
    for folder in ("kit", "widgets", "datasets", "classroom"):
        for path in sorted((REPO / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".nbi", ".nbc"):
                digest.update(str(path.relative_to(REPO)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def shared_python() -> str:
    """A Python 3.11+ that every account may run. This process's Python may live in a folder other
    accounts cannot enter (a per-user install under /root), and a venv made from it links to its base
    interpreter, so what is checked is the base: the first that the `nobody` account can start."""
    candidates = [os.environ.get("TABLEKIT_CLASS_PYTHON"), sys.executable, "/usr/bin/python3", "/usr/local/bin/python3"]
    for candidate in filter(None, candidates):
        if not Path(candidate).exists():
            continue
        ask = [candidate, "-c", "import sys; print(getattr(sys, '_base_executable', '') or sys.executable)"]
        found = subprocess.run(ask, capture_output=True, text=True)
        base = found.stdout.strip()
        probe = ["runuser", "-u", "nobody", "--", base, "-c", "import sys, venv; assert sys.version_info >= (3, 11)"]
        if found.returncode == 0 and base and subprocess.run(probe, capture_output=True).returncode == 0:
            return base
    raise ClassServerError(
        "no Python 3.11+ that every account can run was found (set TABLEKIT_CLASS_PYTHON to one, "
        "for example Debian's python3 with python3-venv)"
    )


def install_software(place: ClassRoot) -> None:
    """The class venv (the kit, not editable, with the hub, the culler and nbgrader) and the proxy,
    each rebuilt only when what it was built from has changed."""
    stamp, kit = place.venv / "tablekit-class.txt", place.venv / "tablekit-kit.txt"
    quiet = ["--quiet", "--disable-pip-version-check"]
    pip = [str(place.python), "-m", "pip", "install", *quiet]
    if not (place.python.exists() and stamp.exists() and stamp.read_text().strip() == wanted_stamp()):
        if place.venv.exists():
            shutil.rmtree(place.venv)
        python = shared_python()
        say(f"installing the kit and JupyterHub into {place.venv} (a few minutes the first time)")
        subprocess.run([python, "-m", "venv", str(place.venv)], check=True)
        subprocess.run([*pip, f"{REPO}[jupyter,sim,fast]", *HUB_PACKAGES], check=True)
        stamp.write_text(wanted_stamp() + "\n")
        kit.write_text(kit_stamp() + "\n")
    elif not kit.exists() or kit.read_text().strip() != kit_stamp():
        say("the kit has changed: installing it again into the class venv")
        subprocess.run([*pip, "--no-deps", "--force-reinstall", str(REPO)], check=True)
        kit.write_text(kit_stamp() + "\n")
    compile_kernels(place)
    if not place.proxy.exists():
        if shutil.which("npm") is None:
            raise ClassServerError(
                "configurable-http-proxy needs Node.js and npm (for example Debian's nodejs and npm)"
            )
        say(f"installing {PROXY} into {place.node}")
        place.node.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--silent", "--no-fund", "--no-audit", "--prefix", str(place.node), PROXY],
                       check=True)  # fmt: skip


def compile_kernels(place: ClassRoot) -> None:
    """Compile the installed kit's numba kernels once, beside its sources (a second when they already
    are). No account but root may write there, so each student's numba caches in a folder of their
    own; the kit starts that folder from this compiled copy (kit/kernels/kernel_cache.py), so no
    student waits a minute for a compile on their first analysis."""
    env = {name: value for name, value in os.environ.items() if name not in ("NUMBA_CACHE_DIR", "PYTHONPATH")}
    # run outside the clone, so that Python imports the installed kit, not the clone's
    subprocess.run([str(place.python), "-m", "kit.kernels.prepare"], cwd=place.venv, env=env, check=True)


def run_as(user: str, *command: str | Path, cwd: Path | None = None) -> str:
    """Run `command` as the account `user`, in its home (or `cwd`); its output, or the error it gave."""
    home = pwd.getpwnam(user).pw_dir
    tools = f"{Path(command[0]).parent}:" if Path(command[0]).is_absolute() else ""  # nbgrader runs alembic
    env = [f"HOME={home}", f"USER={user}", "LANG=C.UTF-8", f"PATH={tools}/usr/bin:/bin"]
    done = subprocess.run(["runuser", "-u", user, "--", "env", *env, *map(str, command)], cwd=cwd or home,
                          capture_output=True, text=True)  # fmt: skip
    if done.returncode != 0:
        raise ClassServerError(
            f"{Path(command[0]).name} as {user} failed: {(done.stderr or done.stdout).strip()[-800:]}"
        )
    return done.stdout


def check_accounts(accounts: Accounts, known: set[str]) -> None:
    """Refuse, before anything is made, a name that is already an account of this machine that this
    class did not make: the class list must not hand someone else's account (or a system one, like
    `daemon`) to a student."""
    for user in accounts.everyone:
        try:
            pwd.getpwnam(user)
        except KeyError:
            continue
        if user not in known:
            raise ClassServerError(f"{user!r} is already an account on this machine that this class did not create")


def delete_account(user: str) -> None:
    """Stop everything `user` runs and delete the account, its home and its runtime folder."""
    subprocess.run(["pkill", "-KILL", "-u", user], capture_output=True)
    subprocess.run(["userdel", "--remove", user], capture_output=True)
    shutil.rmtree(RUNTIME / user, ignore_errors=True)


def ensure_account(user: str) -> bool:
    """Make the system account `user` with a private home, unless it exists; True if made."""
    try:
        pwd.getpwnam(user)
        return False
    except KeyError:
        subprocess.run(["useradd", "--create-home", "--user-group", "--shell", "/bin/bash", user], check=True)
        os.chmod(pwd.getpwnam(user).pw_dir, 0o700)
        return True


def set_passwords(place: ClassRoot, users: list[str]) -> dict[str, str]:
    """New passwords for `users` (kept with the others in secrets/passwords.csv)."""
    book = read_passwords(place)
    fresh = {user: secrets.token_urlsafe(9) for user in users}
    subprocess.run(["chpasswd"], input="".join(f"{u}:{p}\n" for u, p in fresh.items()), text=True, check=True)
    book.update(fresh)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["username", "password"])
    writer.writerows(sorted(book.items()))
    target = place.secrets / "passwords.csv"
    target.write_text(out.getvalue())
    os.chmod(target, 0o600)
    return fresh


def read_passwords(place: ClassRoot) -> dict[str, str]:
    path = place.secrets / "passwords.csv"
    if not path.exists():
        return {}
    return {row["username"]: row["password"] for row in csv.DictReader(path.read_text().splitlines())}


def nbgrader_configs(place: ClassRoot, accounts: Accounts) -> Path:
    """The global nbgrader config (the course and the exchange, read by every account's server from
    the class venv) and the grading account's (where the course lives). Returns the course folder."""
    etc = place.venv / "etc" / "jupyter"
    etc.mkdir(parents=True, exist_ok=True)
    (etc / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        f"c.CourseDirectory.course_id = {accounts.course!r}\n"
        f"c.Exchange.root = {str(place.exchange)!r}\n"
        "c.Exchange.timezone = 'UTC'\n"
    )
    grader_home = Path(pwd.getpwnam(accounts.grader).pw_dir)
    course = grader_home / "course"
    run_as(accounts.grader, "mkdir", "-p", grader_home / ".jupyter", course / "source")
    config = grader_home / ".jupyter" / "nbgrader_config.py"
    config.write_text(
        f"c = get_config()\nc.CourseDirectory.root = {str(course)!r}\n"
        "import classroom.feedback\nclassroom.feedback.configure(c)  # feedback without the hidden tests\n"
    )
    shutil.chown(config, accounts.grader, accounts.grader)
    return course


def lesson_folder(lang: str = "en") -> Path:
    """Where the probability lessons are in `lang`: the English sources, or their translations
    (notebooks/<lang>/probability/, built from the catalogs: the same file names and code cells)."""
    return LESSONS if lang == "en" else NOTEBOOKS / lang / "probability"


def class_language(lang: str) -> str:
    """`lang` as a language code ("pl_PL" -> "pl") if some probability lesson is translated into it;
    else the one error that says so."""
    try:
        code = check_language(lang)
    except ValueError as error:
        raise ClassServerError(str(error)) from None
    if not any(lesson_folder(code).glob("[0-9]*.ipynb")):
        raise ClassServerError(
            f"no probability lesson is translated into {NAMES[code]} ({code}) yet: "
            f"{lesson_folder(code).relative_to(REPO)} holds none (choose another --lang, or en)"
        )
    return code


def class_lessons(lang: str = "en") -> list[Path]:
    """The lessons a class in `lang` is given: every lesson translated into it, under the English
    file name, so that the assignments, the gradebook and the teacher's view are the same in every
    language."""
    folder = lesson_folder(class_language(lang))
    lessons = sorted(folder.glob("[0-9]*.ipynb"))
    english = {lesson.name for lesson in LESSONS.glob("[0-9]*.ipynb")}
    if unknown := [lesson.name for lesson in lessons if lesson.name not in english]:
        raise ClassServerError(f"{folder.relative_to(REPO)}: no English lesson {', '.join(unknown)}")
    return lessons


def lesson_language(notebook: Path) -> str:
    """The language a lesson notebook is written in (a translation says so in its metadata)."""
    metadata = json.loads(notebook.read_text(encoding="utf-8")).get("metadata", {})
    return metadata.get("tablekit", {}).get("language", "en")


def copy_lessons(course: Path, grader: str, lang: str = "en") -> list[str]:
    """Each probability lesson in `lang` becomes an assignment of the course (its source: the
    teacher's version, which only the grading account can read). Existing sources are left as the
    teacher edited them, also when they are in another language (that is said)."""
    names = []
    for lesson in class_lessons(lang):
        folder = course / "source" / lesson.stem
        if not folder.exists():
            folder.mkdir(parents=True)
            shutil.copy(lesson, folder / lesson.name)
            subprocess.run(["chown", "-R", f"{grader}:{grader}", str(folder)], check=True)
        elif (kept := folder / lesson.name).exists() and (was := lesson_language(kept)) != lesson_language(lesson):
            say(f"{lesson.stem}: the course keeps its source in {NAMES.get(was, was)}; "
                f"delete {folder} to take the {NAMES[lesson_language(lesson)]} one")  # fmt: skip
        names.append(lesson.stem)
    missing = sorted({path.stem for path in LESSONS.glob("[0-9]*.ipynb")} - set(names))
    if missing:
        say(f"not yet translated into {NAMES[class_language(lang)]}: {', '.join(missing)} (not in the course)")
    return names


def gradebook_exact_file() -> str:
    from classroom.gradebook import EXACT_FILE  # polars and altair: imported only when a class is set up

    return EXACT_FILE


def install_teacher_view(grader: str) -> Path:
    """The teacher's notebook (classroom/teacher/gradebook.ipynb: who passed which check, the class's
    answers pooled) in the grading account's home, where the teacher opens it through the formgrader
    service. Not in the course's source folder, so nbgrader never releases it; the home is 0700, so no
    student can read it. Left as it is once there (the teacher may edit it)."""
    home = Path(pwd.getpwnam(grader).pw_dir)
    for source in (TEACHER_VIEW, TEACHER_VIEW.with_name(gradebook_exact_file())):  # the view reads its table beside it
        target = home / source.name
        if not target.exists():
            shutil.copy(source, target)
            shutil.chown(target, grader, grader)
            os.chmod(target, 0o600)
    return home / TEACHER_VIEW.name


def enrol(place: ClassRoot, accounts: Accounts, course: Path) -> None:
    """The students in nbgrader's gradebook (it refuses submissions from anyone else)."""
    nbgrader = place.venv / "bin" / "nbgrader"
    for student in accounts.students:
        first, _, last = student.name.partition(" ")
        command = [nbgrader, "db", "student", "add", student.username, f"--first-name={first}", f"--last-name={last}"]
        run_as(accounts.grader, *command, cwd=course)


def prepare(root: Path, roster: Path, *, teacher: str = "teacher", course: str = "tablekit",
            ip: str = "127.0.0.1", port: int = 8000, idle_minutes: int = 30, lang: str = "en") -> dict:  # fmt: skip
    """Set up (or bring up to date) the class server at `root` for the students of `roster`, its
    lessons in `lang`. Safe to run again: new students get accounts and passwords, existing ones keep theirs."""
    if sys.platform != "linux" or os.geteuid() != 0:
        raise ClassServerError(
            "the class server needs root on Linux: every student gets an account of their own, so that "
            "no one can read another's work (run it with sudo)"
        )
    if not 1 <= port <= 65535:
        raise ClassServerError(f"the port must be from 1 to 65535, not {port}")
    if not 1 <= idle_minutes <= 24 * 60:
        raise ClassServerError(f"idle minutes must be from 1 to 1440, not {idle_minutes}")
    for what, name, longest in (("teacher's username", teacher, 32), ("course id", course, 24)):
        if not USERNAME.fullmatch(name) or len(name) > longest:
            raise ClassServerError(
                f"the {what} must be lower-case letters, digits, - and _, starting with a letter, "
                f"at most {longest} characters: not {name[:40]!r}"
            )
    lang = class_language(lang)
    accounts = Accounts(teacher, course, tuple(read_roster(roster, reserved=frozenset({teacher, f"grader-{course}"}))))
    place = ClassRoot(Path(root).resolve())
    known_file = place.hub / "accounts.json"
    known = set(json.loads(known_file.read_text())) if known_file.exists() else set()
    check_accounts(accounts, known)
    place.root.mkdir(parents=True, exist_ok=True)
    os.chmod(place.root, 0o755)
    for folder, mode in ((place.hub, 0o700), (place.secrets, 0o700), (place.exchange, 0o777)):
        folder.mkdir(exist_ok=True)
        os.chmod(folder, mode)
    install_software(place)
    created = [user for user in accounts.everyone if ensure_account(user)]
    known_file.write_text(json.dumps(sorted(known | set(created)), indent=1) + "\n")
    set_passwords(place, created)
    course_folder = nbgrader_configs(place, accounts)
    lessons = copy_lessons(course_folder, accounts.grader, lang)
    install_teacher_view(accounts.grader)
    enrol(place, accounts, course_folder)
    settings = {
        "venv": str(place.venv),
        "proxy": str(place.proxy),
        "ip": ip,
        "port": port,
        "teacher": teacher,
        "course": course,
        "grader": accounts.grader,
        "students": [student.username for student in accounts.students],
        "idle_seconds": idle_minutes * 60,
        "language": lang,  # of the lessons, and of every student's server (TABLEKIT_LANG)
        "runtime": str(RUNTIME),
        # the formgrader service, the hub's API and the proxy's API: beside the hub's port by default
        "service_port": port + 1,
        "hub_port": port + 2,
        "proxy_api_port": port + 3,
    }
    place.settings.write_text(json.dumps(settings, indent=1) + "\n")
    passwords = place.secrets / "passwords.csv"
    say(f"{len(accounts.students)} students, {len(lessons)} lessons in {NAMES[lang]}; passwords in {passwords}")
    return settings


def start(root: Path, **popen) -> subprocess.Popen:
    """Start the hub of a prepared class root (it runs until stopped); `popen` goes to Popen (where
    the hub's log goes, for one)."""
    place = ClassRoot(Path(root).resolve())
    if not place.settings.exists():
        raise ClassServerError(f"{place.root} holds no prepared class: run `python3 dev.py class --roster FILE` first")
    env = {**os.environ, "TABLEKIT_CLASS_SETTINGS": str(place.settings)}
    command = [str(place.venv / "bin" / "jupyterhub"), "-f", str(CONFIG)]
    return subprocess.Popen(command, cwd=place.hub, env=env, **popen)
