"""Cheflebrity (pure-Python engine; the table lives in `ui/`)."""
