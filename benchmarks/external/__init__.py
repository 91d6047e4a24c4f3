"""Benchmarks against cribbage programs nobody here wrote (see :mod:`benchmarks.external.bsd_cribbage`)."""
