"""Saves: a match written to JSON and read back.

Private: import the public names from :mod:`tablecards`.
"""
