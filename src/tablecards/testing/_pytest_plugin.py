"""The pytest plugin of tablecards (registered in the ``pytest11`` entry-point group)."""
