"""JupyterHub's configuration for a tablekit class (read by `jupyterhub -f`).

Everything that differs between classes comes from the settings.json that `python3 dev.py class`
wrote (its path in TABLEKIT_CLASS_SETTINGS); this file says how a class server is put together.
"""

import json
import os
import pwd
import shutil
from pathlib import Path

c = get_config()  # noqa: F821 - JupyterHub's config loader provides it

settings = json.loads(Path(os.environ["TABLEKIT_CLASS_SETTINGS"]).read_text())
venv = Path(settings["venv"])
course, grader, teacher = settings["course"], settings["grader"], settings["teacher"]

c.JupyterHub.ip = settings["ip"]
c.JupyterHub.port = settings["port"]
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = settings["hub_port"]
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{settings['proxy_api_port']}"
c.ConfigurableHTTPProxy.command = [settings["proxy"]]
c.JupyterHub.db_url = "sqlite:///jupyterhub.sqlite"  # in the hub folder, the hub's working directory
c.JupyterHub.cookie_secret_file = "jupyterhub_cookie_secret"

# Logins: PAM, one password per account (secrets/passwords.csv). Only the class may log in.
c.JupyterHub.authenticator_class = "pam"
c.PAMAuthenticator.open_sessions = False
c.Authenticator.allowed_users = {teacher, *settings["students"]}
c.Authenticator.admin_users = {teacher}

# One server per account, run as that account (its files are its own), from the class venv.
c.JupyterHub.spawner_class = "localprocess"
c.Spawner.cmd = [str(venv / "bin" / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
c.Spawner.notebook_dir = "~"
c.Spawner.environment = {
    "PATH": f"{venv / 'bin'}:/usr/bin:/bin",
    "LANG": "C.UTF-8",
    "TABLEKIT_LANG": settings.get("language", "en"),  # the boards' and checks' language: the lessons'
}
# A student's kernels talk to their server over Unix sockets in a folder only that student may enter,
# not over TCP ports on 127.0.0.1. A TCP port is found free, released, and only then bound by the
# kernel, so thirty servers starting kernels at once can race for one port (jupyter_client#276): the
# kernel that loses never answers. And any account on the machine may connect to a TCP port.
c.Spawner.args = ["--KernelManager.transport=ipc"]
RUNTIME = Path(settings.get("runtime", "/run/tablekit-class"))
c.Spawner.start_timeout = 180  # a loaded machine starts 30 servers slowly; the hub waits, nothing fails
c.Spawner.http_timeout = 180
c.LocalProcessSpawner.shell_cmd = []
# a student's server gets the student's own rights and nothing more: the hub token it carries may only
# act for its owner (JupyterHub's default "server" role scopes, written out so that no one widens them)
c.JupyterHub.load_roles = [
    {
        "name": f"formgrade-{course}",
        "groups": [f"formgrade-{course}"],
        "scopes": [f"access:services!service={course}", "list:services", f"read:services!service={course}"],
    },
    {
        "name": "idle-culler",
        "services": ["idle-culler"],
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    },
]
c.JupyterHub.load_groups = {f"formgrade-{course}": {"users": [teacher]}}

c.JupyterHub.services = [
    {
        # nbgrader's formgrader, for the teacher: a server run as the grading account, which owns the
        # course folder (the lessons' sources, the hidden tests, the gradebook)
        "name": course,
        "url": f"http://127.0.0.1:{settings['service_port']}",
        "command": [str(venv / "bin" / "jupyterhub-singleuser"), f"--port={settings['service_port']}"],
        "user": grader,
        "cwd": str(Path("~" + grader).expanduser()),
        "environment": {"JUPYTERHUB_DEFAULT_URL": "/lab", "PATH": f"{venv / 'bin'}:/usr/bin:/bin"},
        "oauth_no_confirm": True,
    },
    {
        # stop every server left idle: each one holds a kernel or more (hundreds of MB) for a class of 30
        "name": "idle-culler",
        "command": [
            str(venv / "bin" / "python"),
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={settings['idle_seconds']}",
        ],
    },
]

if settings.get("benchmark_token"):
    # benchmarks/class_capacity.py only: a service that starts the students' servers and acts for them
    c.JupyterHub.services.append({"name": "capacity-benchmark", "api_token": settings["benchmark_token"]})
    c.JupyterHub.load_roles.append(
        {
            "name": "capacity-benchmark",
            "services": ["capacity-benchmark"],
            "scopes": ["admin:users", "admin:servers", "tokens", "access:servers", "list:users", "read:users"],
        }
    )


def before_spawn(spawner):
    """The student's own runtime folder (their kernels' sockets and connection files), made afresh
    if a reboot emptied /run; in a benchmark, the server's own log file."""
    account = pwd.getpwnam(spawner.user.name)
    RUNTIME.mkdir(mode=0o755, exist_ok=True)
    own = RUNTIME / spawner.user.name
    if own.exists() and own.lstat().st_uid != account.pw_uid:  # left by an earlier account of that name
        shutil.rmtree(own)
    own.mkdir(mode=0o700, exist_ok=True)
    os.chown(own, account.pw_uid, account.pw_gid)
    os.chmod(own, 0o700)
    # a new dict: the configured one is shared by every spawner
    spawner.environment = {**spawner.environment, "JUPYTER_RUNTIME_DIR": str(own)}
    if settings.get("benchmark_logs"):
        # benchmarks/class_capacity.py only: each student's server logs to a file of its own, so that
        # a failure can be matched with what that server said about it
        log = open(Path(settings["benchmark_logs"]) / f"{spawner.user.name}.log", "ab")  # noqa: SIM115 - the server's
        spawner.popen_kwargs = {"stdout": log, "stderr": log}


c.Spawner.pre_spawn_hook = before_spawn
