"""E-mail operations' Lambda entry points (one-click unsubscribe) and the adapters they share."""

# The unsubscribe routes in template.yaml: an HTML page and a form POST (RFC 8058), not the JSON API.
UNSUBSCRIBE_ROUTES = ("GET /unsubscribe/{token}", "POST /unsubscribe/{token}")
