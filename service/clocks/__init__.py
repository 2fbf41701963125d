"""Turn clocks: ticking them, vacations."""
