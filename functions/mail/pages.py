"""The unsubscribe page's HTML, in the visitor's language (Accept-Language: en, es, ko). It shows the same words
whatever the token: nothing on it tells whether the token was known, or whom it concerns."""

from __future__ import annotations

from html import escape
from typing import Any

from service.players.profiles import LANGUAGES

WORDS = {
    "en": {"title": "Stop Distilled Online e-mails", "ask": "Stop receiving these e-mails?",
           "button": "Unsubscribe", "done": "Done: no more of these e-mails will be sent to this address.",
           "back": "You can turn e-mails on again in your player settings."},
    "es": {"title": "Dejar de recibir correos de Distilled Online", "ask": "¿Dejar de recibir estos correos?",
           "button": "Darse de baja", "done": "Hecho: no se enviarán más correos de este tipo a esta dirección.",
           "back": "Puedes volver a activarlos en los ajustes de tu jugador."},
    "ko": {"title": "Distilled Online 메일 수신 거부", "ask": "이 메일을 더 이상 받지 않으시겠습니까?",
           "button": "수신 거부", "done": "완료: 이 주소로 더 이상 이런 메일을 보내지 않습니다.",
           "back": "플레이어 설정에서 다시 켤 수 있습니다."},
}
HEADERS = {
    "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex", "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
}


def language(headers: dict[str, Any] | None) -> str:
    accepted = {k.lower(): v for k, v in (headers or {}).items()}.get("accept-language", "")
    for part in str(accepted).split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return "en"


def page(lang: str, done: bool) -> str:
    words = WORDS.get(lang, WORDS["en"])
    body = (f"<p>{escape(words['done'])}</p><p>{escape(words['back'])}</p>" if done else
            f"<p>{escape(words['ask'])}</p><form method=\"post\">"
            "<input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\">"
            f"<button type=\"submit\">{escape(words['button'])}</button></form>")
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(words["title"])}</title><style>body{{font-family:sans-serif;max-width:32em;'
            f'margin:3em auto;padding:0 1em}}</style></head><body><h1>{escape(words["title"])}</h1>{body}'
            '</body></html>')


def html_response(status: int, text: str) -> dict[str, Any]:
    return {"statusCode": status, "headers": dict(HEADERS), "body": text, "isBase64Encoded": False}
