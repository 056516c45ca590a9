"""The tablecards plugin of Hattrick (registers nothing until the game is complete)."""
