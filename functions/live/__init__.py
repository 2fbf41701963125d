"""Live updates: the WebSocket API's routes ($connect, $disconnect, $default) and the stream's broadcaster.

A socket carries only "game N moved to version V" (DESIGN.md §11): the client then reads its own view over
HTTP, so no hidden information ever travels here, and a connection needs no token.
"""
