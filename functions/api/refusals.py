"""What each route's 422 can answer, for the OpenAPI document (functions/openapi.py): invalid_request (a body or a
parameter the schema refuses: a client built from the document never sends one), and the route's rule codes,
each a refusal no schema can say. The document lists them as the enum of the 422 answer's error code, one schema
per set of codes (its name here), so that a client generated from it can tell every refusal apart.

tests/service/test_contract.py fuzzes every route: a schema-valid request's 422 names one of its route's codes.
"""

from __future__ import annotations

import copy
from typing import Any

from domain.errors import RULE_CODES

SCHEMA_CODE = "invalid_request"
REF = "#/components/schemas/"

# The rules of a new game (domain/phases/setup.py): a lobby checks them when it is made, and again when it starts.
NEW_GAME = ("player_count",)
COMMAND = ("GameRuleRefusal", tuple(sorted(RULE_CODES)))
NOTHING = ("SchemaRefusal", ())

# Each route with a 422, by operation id: the name of its refusal schema and its rule codes. The command routes
# (post_<type>) answer any of the rules' codes (domain/errors.py RULE_CODES). Profile fields answer their
# service/players/errors.py RULE_KINDS.
REFUSALS: dict[str, tuple[str, tuple[str, ...]]] = {
    "createGame": ("NewGameRefusal", NEW_GAME),
    "getGame": NOTHING,
    "getEvents": NOTHING,
    "getProof": NOTHING,
    "getCatchUp": NOTHING,
    "createPlayer": ("NewPlayerRefusal", ("unknown_time_zone",)),
    "getMe": NOTHING,
    "updateMe": ("ProfileRefusal", ("allowance", "empty_window", "invalid_host", "not_https", "past",
                                    "unknown_time_zone")),
    "rotateKey": NOTHING,
    "confirmEmail": ("ConfirmationRefusal", ("code_expired", "invalid_code")),
    "confirmEmailLink": ("ConfirmationRefusal", ("code_expired", "invalid_code")),
    "rotateWebhookSecret": ("WebhookSecretRefusal", ("not_set",)),
    "myGames": ("ListingRefusal", ("invalid_cursor",)),
    "registerDevice": ("DeviceRefusal", ("invalid_token", "platform_unavailable", "refused_by_platform")),
    "removeDevice": NOTHING,
    "listLobbies": NOTHING,
    "createLobby": ("NewLobbyRefusal", (*NEW_GAME, "two_hosts")),
    "getLobby": NOTHING,
    "joinLobby": ("LobbyStartRefusal", NEW_GAME),
    "removeLobbySeat": NOTHING,
    "replaceLobbySeat": NOTHING,
    "startLobby": ("LobbyStartRefusal", NEW_GAME),
    "reissueSeatToken": NOTHING,
    "mintLink": NOTHING,
    "exchangeLink": NOTHING,
}


def refusal(operation_id: str) -> tuple[str, tuple[str, ...]]:
    """The route's refusal schema's name and its codes, invalid_request first. KeyError for a route not listed
    above: a new route with a 422 says what it answers."""
    name, codes = COMMAND if operation_id.startswith("post_") else REFUSALS[operation_id]
    return name, (SCHEMA_CODE, *sorted(codes))


def document_refusals(doc: dict[str, Any]) -> None:
    """Every 422 answer of `doc` to its route's refusal schema: ErrorReply, with the code an enum."""
    schemas: dict[str, Any] = doc["components"]["schemas"]
    for operations in doc["paths"].values():
        for operation in operations.values():
            answer = operation.get("responses", {}).get("422")
            if answer is None:
                continue
            name, codes = refusal(operation["operationId"])
            if name not in schemas:
                schemas[name], schemas[f"{name}Error"] = _refusal_schemas(schemas, name, codes)
            answer["content"]["application/json"]["schema"] = {"$ref": f"{REF}{name}"}
            rules = ", ".join(codes[1:])
            answer["description"] = ("invalid_request: the request does not match the schema (details.errors names "
                                     "where)" + (f"; {rules}: the rules refuse it." if rules else "."))


def _refusal_schemas(schemas: dict[str, Any], name: str, codes: tuple[str, ...]) -> tuple[dict[str, Any],
                                                                                        dict[str, Any]]:
    reply = copy.deepcopy(schemas["ErrorReply"])
    info = copy.deepcopy(schemas[reply["properties"]["error"]["$ref"].removeprefix(REF)])
    reply["title"], info["title"] = name, f"{name}Error"
    reply["properties"]["error"] = {"$ref": f"{REF}{name}Error"}
    info["properties"]["code"] = {**info["properties"]["code"], "enum": list(codes),
                                  "description": "Stable, for machines: one of this route's codes."}
    return reply, info
