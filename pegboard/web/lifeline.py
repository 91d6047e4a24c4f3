"""A process that must not outlive its parent: on Linux the kernel kills it when the parent dies
(``prctl(PR_SET_PDEATHSIG, SIGKILL)``), so a ``kill -9`` of a server leaves none of its worker
processes behind. Elsewhere this does nothing (and the parent's exit hooks remain the only cleanup).

>>> die_with_parent() in (True, False)
True
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

__all__ = ["die_with_parent"]

PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int | None = None) -> bool:
    """Ask the kernel to kill this process when its parent dies; True if it will. If the parent
    (``parent``'s pid, when given) is already gone, exit now."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        done = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False
    if parent is not None and os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)
    return bool(done)
