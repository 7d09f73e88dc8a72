"""Menu and overlay scenes: title, game select, seats and variants, pause, rules help, results."""
