"""The local server's e-mail operations pages (local only, never deployed):

- `POST /_local/ses-feedback {"address": "...", "type": "Bounce" | "Complaint", "bounce_type": "Permanent" |
  "Transient"}`: what SES would publish to the feedback topic, handed to the feedback function (moto's SES
  accepts the simulator's addresses but publishes no bounce or complaint event, so one is made here);
- `POST /_local/ses-failures {"next": N}`: the next N e-mail sends fail (SES unavailable), for the retries, the
  e-mail dead-letter queue and the re-drive to be tried by hand.
"""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Callable, Mapping
from typing import Any

from devtools.local.apigw import HttpRequest, HttpResponse, error_response
from devtools.local.mail import LOCAL_SENDER

FEEDBACK_PATH = "/_local/ses-feedback"
FAILURES_PATH = "/_local/ses-failures"
FEEDBACK_FUNCTION = "EmailFeedbackFunction"


class SesUnavailable(ConnectionError):
    """Injected locally: SES did not take the e-mail."""


class FlakySender:
    """An e-mail sender that fails its next `failing` sends, then sends through `sender` again."""

    def __init__(self, sender: Callable[[], Any]) -> None:
        self._sender, self.failing, self._lock = sender, 0, threading.Lock()

    def send(self, email: Any) -> None:
        with self._lock:
            fail = self.failing > 0
            self.failing -= 1 if fail else 0
        if fail:
            raise SesUnavailable("SES unavailable (injected by /_local/ses-failures)")
        self._sender().send(email)


def feedback_event(body: dict[str, Any]) -> dict[str, Any]:
    """The SNS event the feedback function gets for one SES bounce or complaint of `address`."""
    address, kind = str(body["address"]), str(body.get("type", "Bounce"))
    if kind not in ("Bounce", "Complaint") or "@" not in address:
        raise ValueError("type must be Bounce or Complaint, address an e-mail address")
    recipients = [{"emailAddress": address}]
    message: dict[str, Any] = {"eventType": kind, "mail": {"messageId": "local", "destination": [address]}}
    if kind == "Bounce":
        message["bounce"] = {"bounceType": str(body.get("bounce_type", "Permanent")), "bouncedRecipients": recipients}
    else:
        message["complaint"] = {"complainedRecipients": recipients}
    return {"Records": [{"EventSource": "aws:sns", "Sns": {"Type": "Notification", "Message": json.dumps(message)}}]}


def _json(status: int, body: Any) -> HttpResponse:
    return HttpResponse(status, [("content-type", "application/json")], json.dumps(body).encode())


class MailOps:
    def __init__(self, invoke: Callable[[str, dict[str, Any]], Any], flaky: FlakySender | None) -> None:
        self.invoke, self.flaky = invoke, flaky

    def paths(self) -> dict[str, Callable[[HttpRequest], HttpResponse]]:
        return {FEEDBACK_PATH: self.feedback, FAILURES_PATH: self.failures}

    def feedback(self, request: HttpRequest) -> HttpResponse:
        try:
            event = feedback_event(json.loads(request.body or b"{}"))
        except (ValueError, KeyError, TypeError) as error:
            return error_response(422, "invalid_request", str(error))
        return _json(200, {"done": self.invoke(FEEDBACK_FUNCTION, event)})

    def failures(self, request: HttpRequest) -> HttpResponse:
        if self.flaky is None:
            return error_response(404, "not_found", "no e-mail sender to fail")
        try:
            count = int(json.loads(request.body or b"{}").get("next", 1))
        except (ValueError, TypeError, AttributeError) as error:
            return error_response(422, "invalid_request", str(error))
        self.flaky.failing = max(0, count)
        return _json(200, {"failing": self.flaky.failing})


def mail_ops(specs: Mapping[str, Any], sesv2: Callable[[], Any],
             invoke: Callable[[str, dict[str, Any]], Any], given: dict[str, Any]) -> MailOps:
    """Injectable SES feedback and send failures, when the template has a notifier: its e-mails then go through a
    sender that can be told to fail (`sesv2`: the embedded SES's client, made on first send), handed to the
    notifier's container in `given` (the invoker's, by function)."""
    flaky = None
    if "NotifierFunction" in specs:
        from infra.channels.email import SesEmailSender
        from service.bootstrap import Given

        ses = functools.cache(lambda: SesEmailSender(sesv2(), LOCAL_SENDER))
        flaky = FlakySender(ses)
        given["NotifierFunction"] = Given(email_sender=flaky)  # the notifier's container sends through it
    return MailOps(invoke, flaky)
