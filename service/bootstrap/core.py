"""What the reaction side (service/bootstrap/reactions.py) takes of the container's `Services`
(service/bootstrap/__init__.py, which builds that side), named as a protocol so that neither module imports the
other's; and the page's address, which several of its channels share."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from infra.channels.base import Markers, Publisher
    from infra.limits import Limiter
    from infra.links import LinkStore
    from infra.players import PlayerStore
    from infra.store import EventStore
    from service.bootstrap.given import Given
    from service.links import Links
    from service.looks import Looks
    from service.players.service import Players
    from service.replies.run import GamesPort


def page_base_url() -> str:
    return os.environ.get("PAGE_BASE_URL", "").strip()


class Core(Protocol):
    """What the reaction side takes of the container's `Services` (service/bootstrap/__init__.py, which builds
    this side: named here as a protocol, so that neither module imports the other's)."""

    @property
    def given(self) -> Given: ...

    @property
    def dynamodb(self) -> Any: ...

    @property
    def sns(self) -> Any: ...

    @property
    def sqs(self) -> Any: ...

    @property
    def store(self) -> EventStore: ...

    @property
    def player_store(self) -> PlayerStore: ...

    @property
    def players(self) -> Players: ...

    @property
    def publisher(self) -> Publisher: ...

    @property
    def markers(self) -> Markers: ...

    @property
    def links(self) -> Links: ...

    @property
    def link_store(self) -> LinkStore: ...

    @property
    def games(self) -> GamesPort: ...

    @property
    def limiter(self) -> Limiter: ...

    @property
    def looks(self) -> Looks: ...


    def client(self, service: str, **options: Any) -> Any: ...
