"""The core: cards, zones, states, actions, events, errors, seats, randomness and the Game contract.

Private: import the public names from :mod:`tablecards`.
"""
