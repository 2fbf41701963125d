"""Developer tools, never shipped to Lambda: the local server, the `distilled` CLI and its HTTP client,
bots, simulation, rendering, and reading template.yaml."""
