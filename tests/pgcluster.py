"""A throwaway PostgreSQL cluster in a temporary folder (Debian's ``postgresql`` package).

``initdb`` and ``pg_ctl`` refuse to run as root, so as root the cluster belongs to the
unprivileged ``postgres`` user (created by the package) and its binaries run through
``runuser``. The server listens only on a unix socket inside the folder (no TCP port to clash
with anything), trusting local connections: nothing outside the folder can reach it.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

__all__ = ["Cluster", "find_bin"]


def find_bin() -> Path | None:
    """The newest installed PostgreSQL's ``bin`` folder, or ``None``."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    return Path(found[-1]).parent if found else None


class Cluster:
    """A running throwaway cluster; :meth:`stop` removes it. ``durable=False`` turns ``fsync``
    off (tests: nothing here survives a power cut anyway)."""

    def __init__(self, bindir: Path, *, durable: bool = False) -> None:
        self.bindir = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="tcpg-"))
        self.data = self.folder / "data"
        self._user = "postgres" if os.geteuid() == 0 else None
        if self._user is not None:
            shutil.chown(self.folder, self._user)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        settings = [
            "-c listen_addresses=''",
            f"-c unix_socket_directories='{self.folder}'",
            "-c max_connections=200",
        ]
        if not durable:
            settings += ["-c fsync=off", "-c full_page_writes=off"]
        self._settings = " ".join(settings)
        self.start()

    def start(self) -> None:
        """Start the server (again), with the cluster's settings."""
        self._run(
            "pg_ctl", "-D", str(self.data), "-w", "-l", str(self.folder / "log"),
            "-o", self._settings, "start",
        )  # fmt: skip

    def crash(self) -> None:
        """Stop the server at once (``-m immediate``: as a crash), keeping its data."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")

    def restart(self) -> None:
        """``pg_ctl restart -m immediate``: as a crash, then up again."""
        self._run("pg_ctl", "-D", str(self.data), "-w", "-m", "immediate", "restart")

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bindir / tool), *args]
        if self._user is not None:
            command = ["runuser", "-u", self._user, "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def url(self, database: str = "postgres") -> str:
        """The URL of a database of the cluster (over its unix socket)."""
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def new_database(self) -> str:
        """Create an empty database; return its URL."""
        import psycopg

        name = "t" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server at once and delete the folder."""
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
