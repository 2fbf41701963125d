"""`distilled serve`: the whole stack of template.yaml on a laptop, without Docker or an AWS account."""

from __future__ import annotations

import functools
import json
import logging
import os
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from devtools.local import quiet
from devtools.local.clock import LocalClock, clock_page
from devtools.local.cors import cors_rules
from devtools.local.durable import DataDir
from devtools.local.embedded import QUIET_ENV, EmbeddedAws, local_aws_environment
from devtools.local.httpd import Gateway, http_server
from devtools.local.inbox import INBOX_PATH, Inbox, SmtpListener, confirmed_address, use_reply_domain
from devtools.local.invoke import Invoker
from devtools.local.live import LIVE_PATH, MANAGEMENT_PREFIX, LiveHub
from devtools.local.mail import Mailbox, mail_environment, moto_sent, verify_sender
from devtools.local.mail_ops import FlakySender, MailOps, mail_ops
from devtools.local.outbox import Outbox
from devtools.local.push import (
    FAULT_ENV,
    PushBox,
    inject_fault,
    moto_endpoints,
    platform_applications,
    push_environment,
)
from devtools.local.queues import QueuePoller, queue_sources, webhook_environment
from devtools.local.resources import LocalResources, provision
from devtools.local.sam import FunctionSpec, functions, routes, socket_api, stream_sources
from devtools.local.scheduler import LocalScheduler, function_arns, rates, schedule_groups
from devtools.local.streams import Poller, PollerThread, StreamPoller, now_iso
from devtools.template import TEMPLATE_PATH, load_template

REGION = "us-east-1"
CATCH_UP_POLLS = 1000  # stream batches a compaction reads at most to let the consumers catch up

class LocalService:
    def __init__(self, port: int = 3000, host: str = "127.0.0.1", data_dir: Path | None = None,
                 template_path: Path | None = None, verbose: bool = False,
                 echo: Callable[[str], None] | None = None, aws_port: int = 0, aws_host: str = "127.0.0.1",
                 allowed_origins: Sequence[str] = (), smtp_port: int | None = None) -> None:
        """`aws_port`/`aws_host`: where the embedded AWS listens (0: any free port of `aws_host`).
        `allowed_origins`: the template's AllowedOrigins (CORS); none: closed. `smtp_port`: the replies' SMTP
        listener (devtools/local/inbox.py; 0: any free port; None: none, /_local/inbox only)."""
        self.port, self.host, self.data_dir, self.verbose = port, host, data_dir, verbose
        self.allowed_origins = tuple(allowed_origins)
        self.aws_port, self.aws_host, self.smtp_port = aws_port, aws_host, smtp_port
        self.template_path = Path(template_path or TEMPLATE_PATH).resolve()
        self.echo = echo or (lambda line: print(line, flush=True))
        self._clients: dict[str, Any] = {}
        self.data: DataDir | None = None
        self._flaky: FlakySender | None = None  # the e-mail sender /_local/ses-failures fails (mail_ops.py)

    def client(self, service: str) -> Any:
        import boto3

        if service not in self._clients:
            self._clients[service] = boto3.session.Session(region_name=REGION).client(service)  # type: ignore[call-overload]
        return self._clients[service]

    def start(self) -> None:
        self.http = http_server(self.host, self.port)  # first: a busy port fails before anything starts
        self.port = self.http.server_address[1]
        self.smtp: SmtpListener | None = None
        if self.smtp_port is not None:  # bound now too
            self.smtp = SmtpListener(self.host, self.smtp_port)
        local_aws_environment(REGION)
        if not self.verbose:
            quiet.install()
        logging.getLogger("werkzeug").setLevel(logging.ERROR)  # moto's server logs every request
        self.aws = EmbeddedAws(REGION, self.aws_host, self.aws_port)
        self.aws.start()
        os.environ["AWS_ENDPOINT_URL"] = self.aws.url

        template = load_template(self.template_path)
        self.data = DataDir(self.data_dir, self.aws) if self.data_dir else None
        self.resources = LocalResources(template, REGION)
        use_reply_domain(self.resources)
        provision(self.resources, self.client, self.data.saved.tables if self.data else {}, self.aws.put_items)
        outbox = [*self.data.saved.outbox, *self.data.replay()] if self.data else []
        journal = self.data.journal if self.data else None
        self.outbox = Outbox(outbox, echo=self.echo, record=journal.record_outbox if journal else None)
        self.outbox_queue = self._subscribe_outbox()
        verify_sender(self.client("ses"))
        self.mail_dir = self.data_dir / "mail" if self.data_dir else Path(tempfile.mkdtemp(prefix="distilled-mail-"))
        self.outbox.sources.append(Mailbox(self.mail_dir, moto_sent(REGION),
                                           self._here() + INBOX_PATH).collect)
        self.push_applications = platform_applications(self.client("sns"))
        inject_fault(os.environ.get(FAULT_ENV, "").strip() or None)
        self.outbox.sources.append(PushBox(moto_endpoints(REGION)).collect)

        specs = functions(template, self.template_path.parent)
        # A LIMIT_* variable (or REPLY_FOLD_SECONDS) in the server's own environment wins over the template's
        # value (docs/local.md).
        limits = {name: value for name, value in os.environ.items()
                  if name.startswith("LIMIT_") or name == "REPLY_FOLD_SECONDS"}
        overrides = {"POWERTOOLS_TRACE_DISABLED": "1", **({} if self.verbose else QUIET_ENV), **limits}
        environments = {k: {**self.resources.environment(s.environment), **overrides, **self._live_env(s),
                            **mail_environment(s.environment, self._here()),
                            **push_environment(s.environment, self.push_applications),
                            **webhook_environment(s.environment)} for k, s in specs.items()}
        self.consumers = {source.function for source in stream_sources(specs, template)}
        self.readers = {route.function for route in routes(specs) if route.method == "GET"}  # they write nothing
        self.invoker = Invoker(specs, environments, REGION, self.resources.stack, after=self._after_invoke)
        self.invoker.warm()
        mail = self._mail_ops(specs)  # before any invocation: the notifier's container is given its sender
        from functions import container  # the handlers' own module (their code root is on sys.path now)

        container.set_pause(self.invoker.pause)
        self._start_clock()
        self.stream_pollers = [
            StreamPoller(source, self.resources.get_att(source.table, "StreamArn"), self.client("dynamodbstreams"),
                         functools.partial(self.invoker.invoke, source.function),
                         self._dead_letter(source.function, source.on_failure), REGION, self.invoker.lock)
            for source in stream_sources(specs, template)
        ]
        # SQS event sources (webhooks: devtools/local/queues.py) are polled by the same thread.
        self.pollers: list[Poller] = [*self.stream_pollers, *(
            QueuePoller(q, self.resources.queues[q.queue], self.resources.get_att(q.queue, "Arn"), self.client("sqs"),
                        functools.partial(self.invoker.invoke, q.function), REGION, self.invoker.lock)
            for q in queue_sources(specs))]
        self.poller = PollerThread(self.pollers, after_poll=self._after_poll)
        self.poller.start()
        api = socket_api(template)
        self.live = LiveHub(api, self.invoker, self.verbose) if api is not None else None
        self.http.gateway = Gateway(routes(specs), self.invoker, self.outbox, self.verbose, live=self.live,
                                    cors=cors_rules(template, self.allowed_origins), clock=self._clock_page)
        self.http.gateway.now = self.clock.now
        self.http.gateway.local_posts.update(mail.paths())
        players = self.resources.tables.get("GamesTable", "")
        self.inbox = Inbox(self.invoker.invoke, confirmed_address(lambda: self.client("dynamodb"), players), self.echo)
        self.http.gateway.local_posts.update(self.inbox.paths())
        self.http.gateway.local_gets[INBOX_PATH] = self.inbox.shown
        if self.smtp is not None:
            self.smtp.start(self.inbox)
        self.http_thread = threading.Thread(target=self.http.serve_forever, args=(0.1,), name="http", daemon=True)
        self.http_thread.start()

    def _start_clock(self) -> None:
        """The controllable clock, as the handlers' service clock, and the scheduler that fires on it."""
        from service.clock import use_clock

        self.clock = LocalClock()
        use_clock(self.clock.now)
        self.scheduler = LocalScheduler(self.client("scheduler"), schedule_groups(self.resources),
                                        function_arns(self.resources), rates(self.resources, self.clock.now()),
                                        self.invoker.invoke, self.clock, self.invoker.lock, echo=self.echo)
        self.scheduler.create_groups()
        self.scheduler.start()

    def _clock_page(self, method: str, body: bytes) -> Any:
        return clock_page(self.clock, method, body, self.scheduler.shown)

    def _mail_ops(self, specs: dict[str, FunctionSpec]) -> MailOps:
        ops = mail_ops(specs, lambda: self.client("sesv2"), self.invoker.invoke, self.invoker.given)
        self._flaky = ops.flaky
        return ops

    def _here(self) -> str:
        host = "127.0.0.1" if self.host in ("", "0.0.0.0", "::") else self.host
        return f"http://{host}:{self.port}"

    def _live_env(self, spec: FunctionSpec) -> dict[str, str]:
        """Where the local socket and its management API are, for the functions that ask (LIVE_URL: the page's
        socket; LIVE_ENDPOINT: the broadcaster's management API)."""
        host = "127.0.0.1" if self.host in ("", "0.0.0.0", "::") else self.host
        where = {"LIVE_URL": f"ws://{host}:{self.port}{LIVE_PATH}",
                 "LIVE_ENDPOINT": f"http://{host}:{self.port}{MANAGEMENT_PREFIX}"}
        return {k: v for k, v in where.items() if k in spec.environment}

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def banner(self) -> str:
        url = "" if self.url == "http://127.0.0.1:3000" else f" --url {self.url}"
        return (f"Distilled Online on {self.url} — start a game: distilled new --players 3{url}, then open the "
                f"page links it prints (or: {'make demo' if not url else 'distilled demo' + url})\n"
                + self.aws_banner() + (f"\nreplies by e-mail: SMTP on {self.smtp.bound}" if self.smtp else ""))

    def aws_banner(self) -> str:
        """Where the embedded DynamoDB, SNS and SQS listen, and what that exposes."""
        line = f"embedded AWS (DynamoDB, SNS, SQS) on http://{self.aws.bound}"
        if self.aws_host not in ("127.0.0.1", "localhost", "::1"):
            line += (f" — listening on {self.aws_host}: anyone who can reach it can read and change every game "
                     "(moto has no authentication)")
        return line

    def _subscribe_outbox(self) -> str:
        sqs = self.client("sqs")
        url: str = sqs.create_queue(QueueName=f"{self.resources.stack}-local-outbox")["QueueUrl"]
        arn = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
        for topic in self.resources.topics.values():
            self.client("sns").subscribe(TopicArn=topic, Protocol="sqs", Endpoint=arn)
        return url

    def _dead_letter(self, function: str, destination: Any) -> Callable[[list[dict[str, Any]], str], None]:
        target = self.resources.resolve(destination) if destination is not None else None

        def give_up(records: list[dict[str, Any]], reason: str) -> None:
            self.echo(f"[stream] {function} gave up on {len(records)} record(s): {reason}"
                      + (f" -> {target}" if target else ""))
            if not target:
                return
            info = {"version": "1.0", "timestamp": now_iso(),
                    "requestContext": {"functionArn": self.resources.get_att(function, "Arn"),
                                       "condition": "RetryAttemptsExhausted"},
                    "DDBStreamBatchInfo": {"batchSize": len(records), "streamArn": records[0]["eventSourceARN"],
                                           "startSequenceNumber": records[0]["dynamodb"]["SequenceNumber"],
                                           "endSequenceNumber": records[-1]["dynamodb"]["SequenceNumber"]}}
            with self.invoker.lock:
                if ":sqs:" in target:
                    url = self.client("sqs").get_queue_url(QueueName=target.rsplit(":", 1)[-1])["QueueUrl"]
                    self.client("sqs").send_message(QueueUrl=url, MessageBody=json.dumps(info))
                elif ":sns:" in target:
                    self.client("sns").publish(TopicArn=target, Message=json.dumps(info))

        return give_up

    def _after_invoke(self, function: str) -> None:
        """Inside the invoker's lock, before the invocation's result (and so any answer) leaves."""
        if function in self.consumers:  # its messages join the outbox in the same sync as its markers
            self.outbox.drain(self.client("sqs"), self.outbox_queue)
        elif function not in self.readers and (poller := getattr(self, "poller", None)) is not None:
            poller.wake()  # it may have written: the stream's consumers (live sockets) need not sit out the pause
        if function not in self.readers and (scheduler := getattr(self, "scheduler", None)) is not None:
            scheduler.wake()  # it may have set or deleted a schedule: the scheduler sleeps until the next one
        if self.data:
            self.data.sync()

    def _after_poll(self) -> None:
        with self.invoker.lock:
            self.outbox.drain(self.client("sqs"), self.outbox_queue)
            if self.data:
                self.data.sync()
        if self.data and self.data.due():
            self.compact()

    def catch_up(self) -> None:
        """Deliver every stream record written so far and collect what the consumers published."""
        with self.invoker.lock:
            for poller in self.pollers:
                for _ in range(CATCH_UP_POLLS):
                    if not poller.poll_once():
                        break
            self.outbox.drain(self.client("sqs"), self.outbox_queue)
            if self.data:
                self.data.sync()

    def compact(self) -> None:
        """A full save of --data, and the journal it holds dropped. Called from the poller's thread (or once it
        has stopped), so no other poll runs meanwhile."""
        if not self.data:
            return
        with self.invoker.lock:
            self.catch_up()
            saved = self.data.capture(self.resources.tables, self.outbox.entries)
        self.data.write(saved)

    def stop(self) -> None:
        if self.live is not None:
            self.live.close_all()
        if self.smtp is not None:
            self.smtp.stop()
        self.scheduler.stop()
        self.poller.stop()
        self.http.shutdown()
        self.http.server_close()
        if self.data and not self.poller.is_alive():
            self.compact()
        with self.invoker.lock:  # a request still in flight finishes, journal synced, before the store goes
            if self.data:
                self.data.sync()  # (without a compaction, when a consumer was still busy: the save can wait)
            self.aws.stop()
            if self.data:
                self.data.close()
        if self._flaky is not None:  # this process's next server builds its notifier's sender anew
            from functions import container

            container.reset()
