"""The page's words in Python (web/static/texts/<lang>.json), for the e-mails, pushes and the CLI."""
