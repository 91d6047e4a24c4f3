"""How the server logs: uvicorn's logging, warnings and errors only, and with the access log every request."""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["log_config"]


def log_config(access_log: bool) -> dict[str, Any]:
    """uvicorn's logging: warnings and errors only, and with ``access_log`` every HTTP request too
    (uvicorn's own ``log_level`` would set the request log to the same warning level and drop it).

    >>> log_config(True)["loggers"]["uvicorn.access"]["level"], log_config(False)["loggers"]["uvicorn"]["level"]
    ('INFO', 'WARNING')
    """
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["uvicorn"]["level"] = "WARNING"
    config["loggers"]["uvicorn.error"]["level"] = "WARNING"
    config["loggers"]["uvicorn.access"]["level"] = "INFO" if access_log else "WARNING"
    return config
