"""The confirmation e-mail for a new address, from its outbox message (service/players/service.py `confirmation`), in
the player's language: the link that confirms it, the code (for `distilled player confirm`) and when it
expires. It goes only to the address being confirmed, and carries no key and no seat token."""

from __future__ import annotations

from html import escape
from typing import Any

from infra.channels.email import Email

TEXTS = {
    "en": {"subject": "Confirm your e-mail address for Distilled Online",
           "hello": "Hello {name},",
           "why": "To receive Distilled Online notices at this address, open this link:",
           "code": "Or run: distilled player confirm {code}",
           "expires": "The link works until {expires} (UTC).",
           "ignore": "If you did not ask for this, ignore this e-mail: nothing will be sent to you.",
           "button": "Confirm this address"},
    "es": {"subject": "Confirma tu dirección de correo para Distilled Online",
           "hello": "Hola, {name}:",
           "why": "Para recibir los avisos de Distilled Online en esta dirección, abre este enlace:",
           "code": "O ejecuta: distilled player confirm {code}",
           "expires": "El enlace funciona hasta el {expires} (UTC).",
           "ignore": "Si no lo has pedido, ignora este correo: no se te enviará nada.",
           "button": "Confirmar esta dirección"},
    "ko": {"subject": "Distilled Online 이메일 주소를 확인해 주세요",
           "hello": "{name}님, 안녕하세요.",
           "why": "이 주소로 Distilled Online 알림을 받으려면 다음 링크를 여세요:",
           "code": "또는 다음을 실행하세요: distilled player confirm {code}",
           "expires": "링크는 {expires}(UTC)까지 유효합니다.",
           "ignore": "요청하지 않으셨다면 이 메일을 무시하세요. 아무것도 보내지 않습니다.",
           "button": "이 주소 확인"},
}


def confirmation_email(message: dict[str, Any]) -> Email:
    words = TEXTS.get(str(message.get("language") or "en"), TEXTS["en"])
    values = {"name": str(message.get("name") or ""), "code": str(message["code"]),
              "expires": str(message["expires_at"]).replace("T", " ").rstrip("Z")}
    link = str(message["link"])
    lines = [words["hello"].format(**values), "", words["why"], link, "", words["code"].format(**values),
             words["expires"].format(**values), "", words["ignore"], ""]
    html = "".join([
        f"<!doctype html><html><head><meta charset=\"utf-8\"><title>{escape(words['subject'])}</title></head><body>",
        f"<p>{escape(words['hello'].format(**values))}</p><p>{escape(words['why'])}</p>",
        f"<p><a href=\"{escape(link, quote=True)}\">{escape(words['button'])}</a></p>",
        f"<p>{escape(words['code'].format(**values))}</p><p>{escape(words['expires'].format(**values))}</p>",
        f"<p><small>{escape(words['ignore'])}</small></p></body></html>",
    ])
    return Email(str(message["to"]), words["subject"], "\n".join(lines), html, None,
                 str(message.get("dedup_key") or ""))
