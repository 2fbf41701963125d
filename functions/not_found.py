"""The HTTP API's $default route: every unknown route answers a JSON 404."""

from functions.api.endpoints import not_found_endpoint

app, lambda_handler = not_found_endpoint()
