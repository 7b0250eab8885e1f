"""The secure route to a Dask cluster, as docs/simulation.md gives it: a scheduler and a worker on
loopback speaking only TLS with certificates from the class's own authority; `python -m kit.sim`
runs through it with the TLS options, and a client without a certificate of that authority is refused.

The certificates are throwaway ones made here with openssl; the cluster stops when the test ends."""

from __future__ import annotations

import contextlib
import gc
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from kit.sim import simulate

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
OPENSSL = shutil.which("openssl")

pytestmark = pytest.mark.skipif(OPENSSL is None, reason="openssl makes the test's certificates")


def openssl(*words: str, cwd: Path) -> None:
    subprocess.run([OPENSSL, *words], cwd=cwd, check=True, capture_output=True, timeout=30)


def authority(folder: Path, name: str) -> None:
    """A certificate authority: name.pem and name-key.pem."""
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
            "-subj", f"/CN={name}", "-keyout", f"{name}-key.pem", "-out", f"{name}.pem", cwd=folder)  # fmt: skip


def certificate(folder: Path, name: str, ca: str) -> None:
    """name.pem and name-key.pem, signed by the authority `ca`, for 127.0.0.1."""
    (folder / "san.ext").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", f"/CN={name}",
            "-keyout", f"{name}-key.pem", "-out", f"{name}.csr", cwd=folder)  # fmt: skip
    openssl("x509", "-req", "-in", f"{name}.csr", "-CA", f"{ca}.pem", "-CAkey", f"{ca}-key.pem", "-CAcreateserial",
            "-days", "1", "-extfile", "san.ext", "-out", f"{name}.pem", cwd=folder)  # fmt: skip


def tls(folder: Path, name: str, ca: str = "ca") -> list[str]:
    return ["--tls-ca-file", str(folder / f"{ca}.pem"), "--tls-cert", str(folder / f"{name}.pem"),
            "--tls-key", str(folder / f"{name}-key.pem")]  # fmt: skip


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def tls_cluster(folder: Path):
    """`dask scheduler` and one `dask worker` on 127.0.0.1, TLS only (the commands of the docs),
    started side by side: the worker keeps trying until the scheduler listens."""
    env = {**os.environ, "DASK_DISTRIBUTED__COMM__REQUIRE_ENCRYPTION": "True"}
    address = f"tls://127.0.0.1:{free_port()}"
    commands = {
        "scheduler": ["scheduler", "--host", "tls://127.0.0.1", "--port", address.rsplit(":", 1)[1],
                      "--no-dashboard"],
        "worker": ["worker", address, "--host", "127.0.0.1", "--nworkers", "1", "--nthreads", "1", "--no-nanny",
                   "--no-dashboard"],
    }  # fmt: skip
    processes = []
    try:
        for name, words in commands.items():
            log = (folder / f"{name}.log").open("w")
            processes.append(
                subprocess.Popen([str(BIN / "dask"), *words, *tls(folder, "cluster")], cwd=ROOT, env=env,
                                 stdout=subprocess.DEVNULL, stderr=log)  # fmt: skip
            )
        import distributed

        from kit.sim.executors import client_security

        certified = client_security(*[str(folder / f) for f in ("ca.pem", "client.pem", "client-key.pem")])
        with distributed.Client(address, security=certified, timeout=30) as client:
            client.wait_for_workers(1, timeout=30)  # up: from here on, a refusal is the cluster's answer
        yield address
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=3)
            except subprocess.TimeoutExpired:  # a worker that still tries to say goodbye
                process.kill()
                process.wait()


def test_a_tls_cluster_on_loopback_plays_for_the_certified_client_only(tmp_path):
    authority(tmp_path, "ca")
    certificate(tmp_path, "cluster", "ca")
    certificate(tmp_path, "client", "ca")
    authority(tmp_path, "stranger-ca")  # someone else's authority, and a certificate it signed
    certificate(tmp_path, "stranger", "stranger-ca")

    with tls_cluster(tmp_path) as address:
        assert address.startswith("tls://127.0.0.1:")
        out, refused_out = tmp_path / "o.parquet", tmp_path / "no.parquet"
        runs = [  # the certified client, and a stranger whose certificate the authority never signed, side by side
            subprocess.Popen(
                [sys.executable, "-m", "kit.sim", "overbooking", "--games", "6", "--seed", "4", "--scheduler", address,
                 *certificates, "--connect-seconds", "3", "--no-progress", "--out", str(path)],
                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            )  # fmt: skip
            for certificates, path in ((tls(tmp_path, "client"), out),
                                       (tls(tmp_path, "stranger"), refused_out))  # fmt: skip
        ]

        import distributed

        from kit.sim.executors import client_security

        stranger = client_security(*[str(tmp_path / f) for f in ("ca.pem", "stranger.pem", "stranger-key.pem")])
        # Each refused Client is left half made, in a reference cycle; were the collector to close it
        # while the next Client starts its event loop, distributed would wait on its own loop's lock
        # for ever (seen under load). So each is collected here, between the attempts.
        with pytest.raises(TypeError, match="TLS expects"):  # no certificate at all: not even tried
            distributed.Client(address, timeout=2)
        gc.collect()
        with pytest.raises((OSError, TimeoutError)):  # a certificate the cluster's authority did not sign
            distributed.Client(address, security=stranger, timeout=2).close()
        gc.collect()
        with pytest.raises((OSError, TimeoutError)):  # the same port without TLS: no answer
            distributed.Client(address.replace("tls://", "tcp://"), timeout=2).close()
        gc.collect()

        (_, errors), (_, refused) = (run.communicate(timeout=120) for run in runs)
        assert runs[0].returncode == 0, errors
        assert pl.read_parquet(out).equals(simulate("overbooking", games=6, seed=4, progress=False))
        assert runs[1].returncode == 1 and "Traceback" not in refused, refused
        assert "cannot reach the scheduler" in refused and not refused_out.exists()
