"""Helpers for the terminal app's tests."""
