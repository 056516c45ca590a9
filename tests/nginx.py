"""A throwaway nginx in front of several server processes (Debian's ``nginx`` package).

The configuration is the one docs/play-together.md shows ("Running many tables"): every
request about one match (``/matches/{id}/…`` and ``/play/{id}``) goes to one process, chosen by
``hash $match consistent`` on the match id; everything else (the lobby, creating a match)
goes to any of them. Everything nginx writes (its pid, logs, temporary files) stays in a
temporary folder: ``nginx -p FOLDER -c nginx.conf -g 'daemon off;'``.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

__all__ = ["Nginx", "config", "find_nginx"]


def find_nginx() -> str | None:
    """The nginx binary, or ``None``."""
    return shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )


def config(listen: str, backends: Sequence[str], *, fail_timeout: int = 5) -> str:
    """The nginx configuration: ``listen`` (``host:port``) in front of ``backends``
    (``host:port`` each). Paths are relative to nginx's prefix (``-p``)."""
    servers = "\n".join(
        f"        server {backend} max_fails=1 fail_timeout={fail_timeout}s;"
        for backend in backends
    )
    return f"""\
worker_processes 1;
error_log logs/error.log warn;
pid nginx.pid;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path tmp/body;
    proxy_temp_path tmp/proxy;
    fastcgi_temp_path tmp/fastcgi;
    uwsgi_temp_path tmp/uwsgi;
    scgi_temp_path tmp/scgi;

    # The match a request is about: /matches/ID/ws, /matches/ID, /play/ID ("" for the rest).
    map $uri $match {{
        ~^/matches/(?<id>[0-9a-f]+)(/|$) $id;
        ~^/play/(?<id>[0-9a-f]+)$ $id;
        default "";
    }}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        "" close;
    }}
    upstream tables {{
        hash $match consistent;
{servers}
    }}
    server {{
        listen {listen};
        location / {{
            proxy_pass http://tables;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout;
            proxy_connect_timeout 2s;
        }}
    }}
}}
"""


class Nginx:
    """nginx on 127.0.0.1 (a free port) in front of ``backends``; :meth:`stop` ends it."""

    def __init__(self, backends: Sequence[str], *, fail_timeout: int = 5) -> None:
        binary = find_nginx()
        if binary is None:
            raise RuntimeError("nginx is not installed: apt-get install nginx")
        self.folder = Path(tempfile.mkdtemp(prefix="tcnginx-"))
        for sub in ("logs", "tmp"):
            (self.folder / sub).mkdir()
        # nginx's workers run as an unprivileged user when started as root: they buffer there.
        self.folder.chmod(0o755)
        (self.folder / "tmp").chmod(0o777)
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.url = f"http://127.0.0.1:{self.port}"
        conf = self.folder / "nginx.conf"
        conf.write_text(config(f"127.0.0.1:{self.port}", backends, fail_timeout=fail_timeout))
        self.process = subprocess.Popen(
            [binary, "-p", str(self.folder), "-c", str(conf), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"nginx did not start: {self.errors()}") from None
                time.sleep(0.05)

    def errors(self) -> str:
        """nginx's error log so far."""
        log = self.folder / "logs" / "error.log"
        return log.read_text() if log.exists() else ""

    def stop(self) -> None:
        """Stop nginx and delete its folder."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)
