"""Offline builders of the data the expert ships in ``pegboard/data``: the crib tables
(:mod:`pegboard.tables.crib`), the pegging table (:mod:`pegboard.tables.pegging`), the
win-probability board (:mod:`pegboard.tables.board`) and the style crib shifts
(:mod:`pegboard.tables.stylecrib`). Each is a command (``python -m
pegboard.tables.crib``...) that plays or simulates many deals, locally or on a Ray cluster; the bots
only read what they wrote (:mod:`pegboard.bots.discard`, :mod:`pegboard.bots.pegtable`,
:mod:`pegboard.bots.board`, :mod:`pegboard.bots.stylecrib`).
"""
