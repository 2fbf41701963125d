"""The web page: static files (web/static) and the code that serves them (web.serving). See docs/web-page.md."""
