"""The tablecards plugin of Ex & Hopp (registers nothing until the game is complete)."""
