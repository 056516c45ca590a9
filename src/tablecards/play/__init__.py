"""Play: a match (Match), its checks, observers and history.

Private: import the public names from :mod:`tablecards`.
"""
