"""``pegboard serve``: a server-authoritative game server and its browser page.

The engine runs only here; browsers send intended actions and receive frames built from their own
seat's view. Tables and moves are stored before they are acknowledged (:mod:`pegboard.web.store`).
FastAPI and uvicorn are imported only by :mod:`pegboard.web.app` and the ``serve`` command.
"""
