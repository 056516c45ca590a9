"""The conformance kit every game plugin runs (being built: see issue 6)."""
