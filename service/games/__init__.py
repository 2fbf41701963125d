"""Games: the command pipeline, the repository of folded aggregates and snapshots, the warm cache."""
