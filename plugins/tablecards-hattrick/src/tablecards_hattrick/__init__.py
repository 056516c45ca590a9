"""Hattrick as a tablecards plugin (work in progress)."""

__version__ = "0.1.0"
