"""Reading replies as mail clients write them (service/replies/mail.py): the new text above the quote."""

from __future__ import annotations

from service.replies.mail import parse

GMAIL = b"""\
From: Ann Example <ann@example.net>
To: Distilled Online <play+0123456789abcdef0123456789abcdef01234567@reply.example.org>
Subject: Re: Your turn: game abc
Message-ID: <CAF=abc123@mail.gmail.com>
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="000000000000b1"

--000000000000b1
Content-Type: text/plain; charset="UTF-8"

2
buy 3

On Thu, Dec 3, 2026 at 2:38 PM Distilled Online <turns@example.org> wrote:

> Your turn
> 1. pass
> 2. buy
>

--000000000000b1
Content-Type: text/html; charset="UTF-8"

<div dir="ltr"><div>2</div><div>buy 3</div></div><br><div class="gmail_quote"><div dir="ltr" \
class="gmail_attr">On Thu, Dec 3, 2026 at 2:38 PM Distilled Online &lt;turns@example.org&gt; wrote:<br></div>\
<blockquote class="gmail_quote">Your turn<br>1. pass</blockquote></div>

--000000000000b1--
"""

IPHONE = b"""\
From: Ann <ann@example.net>
To: play+0123456789abcdef0123456789abcdef01234567@reply.example.org
Subject: Re: Your turn
Message-ID: <5F2C-iphone@example.net>
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable
Mime-Version: 1.0 (1.0)

1

Sent from my iPhone

> On 3 Dec 2026, at 14:38, Distilled Online <turns@example.org> wrote:
>=20
> =EF=BB=BFYour turn
> 1. pass
"""

OUTLOOK_HTML_ONLY = b"""\
From: Ann <ann@example.net>
To: "play+0123456789abcdef0123456789abcdef01234567@reply.example.org"
 <play+0123456789abcdef0123456789abcdef01234567@reply.example.org>
Subject: RE: Your turn
Message-ID: <AM0PR01MB@eurprd01.prod.outlook.com>
Content-Type: text/html; charset="us-ascii"
MIME-Version: 1.0

<html><head><style>p {margin:0}</style></head><body><div class="WordSection1"><p class="MsoNormal">pass</p>
<p class="MsoNormal">&nbsp;</p></div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg" dir="ltr">
<b>From:</b> Distilled Online &lt;turns@example.org&gt;<br><b>Sent:</b> Thursday, December 3, 2026 14:38<br>
<b>Subject:</b> Your turn</div><div>Your turn<br>1. pass</div></body></html>
"""

SIGNED = b"""\
From: ann@example.net
To: play+0123456789abcdef0123456789abcdef01234567@reply.example.org
Subject: Re: Your turn
Message-ID: <sig@example.net>
Content-Type: text/plain

show

--
Ann Example
Distillery Road 1

-----Original Message-----
From: Distilled Online <turns@example.org>
Sent: Thursday, December 3, 2026 2:38 PM
Subject: Your turn

1. pass
"""


def test_gmail_plain_part_without_the_quote() -> None:
    mail = parse(GMAIL)
    assert mail.lines == ("2", "buy 3")
    assert mail.sender == "ann@example.net" and mail.message_id == "<CAF=abc123@mail.gmail.com>"
    assert not mail.automatic


def test_iphone_without_its_signature_and_quote() -> None:
    assert parse(IPHONE).lines == ("1",)


def test_outlook_html_only() -> None:
    mail = parse(OUTLOOK_HTML_ONLY)
    assert mail.lines == ("pass",)
    assert any("play+0123456789abcdef" in r for r in mail.recipients)


def test_a_signature_and_an_original_message_are_cut() -> None:
    assert parse(SIGNED).lines == ("show",)


def test_two_senders_are_no_sender() -> None:
    raw = SIGNED.replace(b"From: ann@example.net", b"From: ann@example.net, bo@example.com")
    assert parse(raw).sender == ""
