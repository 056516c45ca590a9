"""The registry: hook specifications and the discovery of installed games and bots.

Private: import the public names from :mod:`tablecards`.
"""
