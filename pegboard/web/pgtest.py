"""A throwaway PostgreSQL server for tests and benchmarks: a cluster made with ``initdb`` in a temporary
folder, listening only on a Unix socket in that folder, stopped and removed at the end.

Debian's ``postgresql`` package provides the programs (``/usr/lib/postgresql/*/bin``); as root the
cluster runs as the ``postgres`` user (PostgreSQL refuses to run as root). :func:`find_postgres` says
why none can be had, so tests can skip with that reason.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

__all__ = ["TempPostgres", "find_postgres"]


def find_postgres() -> tuple[Path | None, str]:
    """The folder of PostgreSQL's server programs, or None and why not."""
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda path: int(path.split("/")[-2]),
                        reverse=True)
    for found in candidates:
        if (Path(found) / "initdb").exists() and (Path(found) / "pg_ctl").exists():
            break
    else:
        on_path = shutil.which("initdb")
        if on_path is None:
            return None, "no PostgreSQL server programs (Debian: apt-get install postgresql)"
        found = str(Path(on_path).parent)
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return None, "running as root and there is no 'postgres' user to run PostgreSQL as"
    return Path(found), ""


class TempPostgres:
    """``with TempPostgres() as pg:`` a running server; ``pg.url`` names its database ``pegboard``.
    :meth:`stop` and :meth:`start` restart it (the fault tests do)."""

    def __init__(self, database: str = "pegboard") -> None:
        bin_dir, why = find_postgres()
        if bin_dir is None:
            raise RuntimeError(why)
        self.bin = bin_dir
        self.database = database
        self.folder = Path(tempfile.mkdtemp(prefix="pegboard-pg-"))
        self.data = self.folder / "data"
        self.user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
        if os.geteuid() == 0:
            account = pwd.getpwnam("postgres")
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        self.folder.chmod(0o755)

    @property
    def url(self) -> str:
        return f"postgresql://{self.user}@/{self.database}?host={self.folder}"

    def _run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        return subprocess.run([*prefix, *command], check=check, capture_output=True, text=True, timeout=120)

    def start(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "-t", "60",
                  "-o", f"-k {self.folder} -c listen_addresses='' -c fsync=off -c max_connections=200", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop", check=False)

    def __enter__(self) -> TempPostgres:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", self.user, "--no-sync")
        self.start()
        deadline = time.monotonic() + 30
        while True:
            made = self._run(str(self.bin / "createdb"), "-h", str(self.folder), "-U", self.user, self.database,
                             check=False)
            if made.returncode == 0:
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"createdb failed: {made.stderr.strip()}")
            time.sleep(0.2)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)
