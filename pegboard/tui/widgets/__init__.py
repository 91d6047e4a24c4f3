"""Widgets of the pegboard terminal app."""
