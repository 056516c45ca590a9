"""Search: bots, information sets, determinisation, ISMCTS, the action catalogue, simulation.

Private: import the public names from :mod:`tablecards`.
"""
