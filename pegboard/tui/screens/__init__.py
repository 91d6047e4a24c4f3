"""Screens of the pegboard terminal app."""
