"""The example game of the tablecards tutorial (work in progress)."""

__version__ = "0.1.0"
