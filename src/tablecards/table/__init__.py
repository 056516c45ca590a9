"""The table: what a seat is shown (faces, scenes, their schema, text, commands).

Private: import the public names from :mod:`tablecards`.
"""
