"""Request and reply bodies of the link and session routes, strict like every body of this API."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class MintLinkBody(_Body):
    """Nothing to send: the link is always for the caller's own seat."""


class ExchangeBody(_Body):
    link_token: str = Field(min_length=1, max_length=256,
                            description="The token of a page link (`/play/<game_id>#link=<link token>`).")


class NewLink(BaseModel):
    game_id: str
    seat: int = Field(description="The caller's seat: a link is only ever for one's own.")
    link_token: str = Field(description="Exchange it with POST /sessions; valid until expires_at, more than once.")
    expires_at: str = Field(description="ISO 8601, UTC.")
    path: str = Field(description="The page link: `/play/<game_id>#link=<link token>` (in the fragment, which "
                                  "browsers never send to a server).")


class NewSession(BaseModel):
    game_id: str
    seat: int
    session_token: str = Field(description="Send `Authorization: Bearer <session token>` on this game's routes.")
    expires_at: str = Field(description="ISO 8601, UTC.")
