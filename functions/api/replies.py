"""The replies of the HTTP API, as the OpenAPI document describes them (functions/openapi.py).

No function imports this module: powertools would build a validator for each model (and, through GameView,
for the whole view) at every cold start, to check answers the code builds from the same data. Tests check
every served answer against these models instead (tests/service/replies.py), and the view against
domain/view_model.py (tests/domain/test_view_model.py).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from domain.view_model import GameView


class SeatToken(BaseModel):
    seat: int
    name: str
    token: str = Field(description="The seat's secret: send `Authorization: Bearer <token>`. Shown only once.")


class CreatedGame(BaseModel):
    game_id: str
    version: int
    seats: list[SeatToken]


class Head(BaseModel):
    version: int
    hash: str = Field(description="The hash of the game's newest commit, which chains every commit before it "
                                  "(docs/fairness.md): kept, it proves later what the game was at this version.")


class GameReply(BaseModel):
    game_id: str
    version: int = Field(description="The game's newest version: send it as expected_version.")
    phase: str
    round: int
    to_act: list[int] = Field(description="Seats that must act before the game moves on.")
    seat: int | None = Field(description="Whose view this is; null for a spectator.")
    view: GameView = Field(
        description="What this seat may see. view.legal_actions lists what it may do now: each entry is a "
                    "body to POST as-is (plus a command_id) to /games/{game_id}/{entry.type}; the one entry "
                    "with open=true is the distill choice: POST {washback: [...]} picking from its cards.",
    )
    head: Head | None = Field(default=None, description="The chain's head; absent for a game created before it.")
    commitment: str | None = Field(default=None, description="SHA-256 of the game's secret seed, hex, recorded "
                                                             "at its creation (docs/fairness.md); absent for a "
                                                             "game created before seeds were kept.")


class CommandReply(GameReply):
    command_version: int = Field(
        description="The version this command wrote. On a repeated command_id: the version it wrote the first "
                    "time, while version and view are the game as it is now.",
    )


class HistoryCommit(BaseModel):
    version: int
    seat: int | None
    recorded_at: str
    events: list[dict[str, Any]] = Field(description="Events as this seat may see them: hidden parts redacted.")


class History(BaseModel):
    game_id: str
    version: int
    seat: int | None
    commits: list[HistoryCommit]
    next_after: int | None = Field(description="Pass as `after` for the next page; null when this is the end.")


class LastLook(BaseModel):
    version: int = Field(description="The version the seat saw last (read its view at, or made).")
    at: str = Field(description="When (ISO 8601, UTC).")


class CatchUp(BaseModel):
    game_id: str
    version: int
    seat: int
    since: LastLook | None = Field(description="The seat's last look; null: it never looked (all is new).")
    commits: list[HistoryCommit] = Field(description="The commits since, as GET /games/{id}/events serves them.")
    lines: list[str] = Field(description="Each event since, in words, as the page's history says it.")
    language: str


class ProofCommit(BaseModel):
    version: int
    seat: int | None
    recorded_at: str
    events: list[dict[str, Any]] = Field(description="The commit's events as written: nothing is hidden once the "
                                                     "game is over.")
    records: list[dict[str, Any]] = Field(description="Its fairness records: the first commit's `fairness` (the "
                                                      "generator, the commitment, the contributions), the last "
                                                      "one's `reveal` (the seed).")


class Proof(BaseModel):
    game_id: str
    version: int
    verifiable: bool = Field(description="false: a game created before seeds were kept (its draws are not "
                                         "provable).")
    generator: str | None = Field(default=None, description="The draws' generator (docs/fairness.md).")
    commitment: str | None = Field(default=None, description="SHA-256 of the seed, hex, recorded at creation.")
    contributions: list[str] | None = None
    seed: str | None = Field(default=None, description="The seed, hex, revealed by the commit that ended the game.")
    commits: list[ProofCommit]


class ErrorInfo(BaseModel):
    code: str = Field(description="Stable, for machines: a rule code (not_your_turn, ...) or an API code.")
    message: str
    details: dict[str, Any]


class ErrorReply(BaseModel):
    error: ErrorInfo
