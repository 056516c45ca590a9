"""The tutorial plugin (registers nothing until the example game is written)."""
