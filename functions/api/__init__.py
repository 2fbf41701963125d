"""The HTTP wiring of the API functions: the edge (resolver, Lambda entry point, access to a game), the
request bodies and reply models, and the routes: one package, used by every API function's module."""
