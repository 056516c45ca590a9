"""The tablecards plugin of Stop (registers nothing until the game is complete)."""
