"""Where pegboard keeps what it writes for a user: saves, settings, records, statistics, the web
server's tables. One folder: ``$PEGBOARD_DATA_DIR`` if set, else the platform's user data folder
(UI-free: ``pegboard play`` and ``pegboard serve`` both read it here).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["ENV_VAR", "data_dir"]

ENV_VAR = "PEGBOARD_DATA_DIR"


def data_dir() -> Path:
    """The data folder: ``$PEGBOARD_DATA_DIR``, else the platform's (``~/.local/share/pegboard``...)."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    try:
        import platformdirs
    except ImportError:  # the 'web' extra without the 'tui' one: the same folder, worked out here
        if sys.platform == "win32":
            return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "pegboard"
        if sys.platform == "darwin":
            return Path.home() / "Library" / "Application Support" / "pegboard"
        return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "pegboard"
    return Path(platformdirs.user_data_dir("pegboard", appauthor=False))
