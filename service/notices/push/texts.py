"""What a push says: a title and one line in the player's language (the page's texts, as the e-mails use), and
the data the app opens the game with. Only the notice's public fields and the game id: no token, no link
token, nothing a seat may not see (the app opens the game with its own credentials)."""

from __future__ import annotations

from infra.channels.base import GAME_OVER, Notice
from service.texts.words import texts


def push_text(notice: Notice, language: str | None) -> tuple[str, str]:
    words = texts(language or "en")
    game = words.t("app.game", game=notice.game_id)
    if notice.kind == GAME_OVER:
        return words.phase("finished"), f"{game} · {words.t('waiting.over')}"
    where = f"{words.t('app.round_plain', round=notice.round)} · {words.phase(notice.phase)}"
    return words.t("app.title_turn"), f"{game} · {where}"


def push_data(notice: Notice, key: str) -> dict[str, str]:
    """Strings only: FCM's data values must be strings."""
    data = {"kind": notice.kind, "game_id": notice.game_id, "version": str(notice.version),
            "seat": str(notice.seat), "phase": notice.phase, "round": str(notice.round), "dedup_key": key}
    if notice.kind == GAME_OVER:
        data.update(scores=",".join(str(s) for s in notice.scores),
                    winners=",".join(str(w) for w in notice.winners))
    return data
