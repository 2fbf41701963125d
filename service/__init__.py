"""The application service: the command pipeline, the repository of games (with its cache and
snapshots) and notice planning. Shipped to Lambda; no HTTP, no AWS client of its own."""
