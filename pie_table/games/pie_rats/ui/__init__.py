"""The Pie Rats table (pygame)."""
