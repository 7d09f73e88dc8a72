"""A game package that cannot load (for the registry's error reporting test)."""

raise ImportError("the deck file is missing")
