"""The web page: static files (web/static) and the code that serves them (web.serving)."""
