"""The RATS table in pygame: dice tray, paper sheets, secret-choice panels, hot-seat hand-offs, ceremony."""
