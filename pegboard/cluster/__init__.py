"""Running pegboard's simulations and table builders on a Ray cluster (the ``cluster`` extra).

Nothing outside this package imports Ray; :func:`pegboard.cluster.choice.make_backend` loads it only
for ``--backend ray``.
"""
