"""The composition root (in the manner of cosmicpython's bootstrap.py): the application service and its adapters,
built once per cold start, each on first use and never at import, from the environment or from what a test hands
in (one `Given`). Nothing here decides anything; the functions ask `Services` for what they need. The command
side is here; the reaction side (channels, e-mail operations, clocks' schedules, live updates) is
`Services.reactions` (service/bootstrap/reactions.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from domain.options import Options, SeatSpec
from domain.records import field, record
from domain.rng import Rng
from infra.store import Commit, EventStore
from service.bootstrap.given import Given
from service.bootstrap.settings import setting
from service.games.pipeline import Created, Outcome, create_game, handle
from service.games.recent import Recent
from service.games.repository import Aggregate, load

__all__ = ["Games", "Given", "Services", "setting"]

if TYPE_CHECKING:  # only the notifier needs these: command functions do not import them at cold start
    from infra.channels.base import Markers, Publisher
    from infra.limits import Limiter
    from infra.links import LinkStore
    from infra.lobbies import LobbyStore
    from infra.my_games import MyGamesStore
    from infra.players import PlayerStore
    from infra.seeds import SeedStore
    from service.bootstrap.reactions import Reactions
    from service.links import Links
    from service.lobbies.service import Lobbies
    from service.looks import Looks
    from service.my_games import MyGames
    from service.notices.plan import Planned
    from service.players.service import Players


class Games(NamedTuple):  # a named tuple: made in a fraction of a frozen dataclass's time at a cold start
    """The application service the API functions call: every game through one store, one RNG and one cache."""

    store: EventStore
    rng: Rng | None  # None: fair games, drawn from their seeds (service/fairness/)
    recent: Recent
    on_conflict: Callable[[], None] | None = None
    seeds: SeedStore | None = None

    def load(self, game_id: str, near: int | None = None) -> Aggregate:
        return load(self.store, game_id, self.recent, near)

    def create(self, seats: Sequence[SeatSpec], options: Options, contacts: Sequence[Mapping[str, str] | None],
               contributions: Sequence[str] = ()) -> Created:
        return create_game(self.store, seats, options, contacts, rng=self.rng, seeds=self.seeds,
                           contributions=contributions)

    def handle(self, game_id: str, seat: int, command: Any, expected_version: int | None, *, command_id: str,
               loaded: Aggregate | None = None, contribution: str | None = None) -> Outcome:
        return handle(self.store, game_id, seat, command, expected_version, command_id=command_id, rng=self.rng,
                      loaded=loaded, recent=self.recent, on_conflict=self.on_conflict, seeds=self.seeds,
                      contribution=contribution)

    def history(self, aggregate: Aggregate, after: int) -> list[Commit]:
        """The commits after `after` up to the version `aggregate` holds (what its state has seen)."""
        return [c for c in self.store.commits(aggregate.game_id, after) if c.version <= aggregate.version]

    def plan(self, game_id: str, versions: Collection[int], whole: bool = False) -> Planned:
        """The notices of these commits (game over included) and the game's newest state (for "my games");
        `whole`: with every commit of the game (the e-mails tell the events since a seat's last move)."""
        from service.notices.plan import plan

        return plan(self.store, game_id, versions, self.recent, whole)


@record
class Services:
    """Each adapter built on first use, once. `time_left` bounds every AWS call (infra/budget.py)."""

    given: Given = field(default_factory=Given)
    time_left: Callable[[], float] = lambda: math.inf
    on_conflict: Callable[[], None] | None = None

    @cached_property
    def dynamodb(self) -> Any:
        return self.given.dynamodb if self.given.dynamodb is not None else self._client("dynamodb")

    @cached_property
    def sns(self) -> Any:
        return self.given.sns if self.given.sns is not None else self._client("sns")

    @cached_property
    def sqs(self) -> Any:
        return self.given.sqs if self.given.sqs is not None else self._client("sqs")

    @cached_property
    def reactions(self) -> Reactions:
        """The reaction side's channels and adapters, built on first use."""
        from service.bootstrap.reactions import Reactions

        return Reactions(self)

    def client(self, service: str, **options: Any) -> Any:
        """A new AWS client, bounded by the running invocation's remaining time (infra/budget.py)."""
        return self._client(service, **options)

    @cached_property
    def store(self) -> EventStore:
        if self.given.store is not None:
            return self.given.store
        from infra.store.dynamodb import DynamoEventStore

        return DynamoEventStore.from_env(self.dynamodb)

    @cached_property
    def rng(self) -> Rng | None:
        """The given chance (tests: their games are not fair); None: every game fair, drawn from its seed."""
        return self.given.rng

    @cached_property
    def seeds(self) -> SeedStore:
        """Fair games' seeds (infra/seeds.py): beside an in-memory store, in memory for as long as that store."""
        if self.given.seeds is not None:
            return self.given.seeds
        if self.given.store is not None:
            from infra.seeds import memory_seeds

            return memory_seeds(self.given.store)
        from infra.seeds import CachedSeedStore, DynamoSeedStore

        return CachedSeedStore(DynamoSeedStore(self.dynamodb, setting("TABLE_NAME")))  # read once per container

    @cached_property
    def recent(self) -> Recent:
        """The games this warm container saw lately: loads then read only the commits written since."""
        return Recent()

    @cached_property
    def games(self) -> Games:
        return Games(self.store, self.rng, self.recent, self.on_conflict, self.seeds)

    @cached_property
    def publisher(self) -> Publisher:
        if self.given.publisher is not None:
            return self.given.publisher
        from infra.channels.sns import SnsPublisher

        return SnsPublisher(self.sns, setting("TOPIC_ARN"))

    @cached_property
    def markers(self) -> Markers:
        if self.given.markers is not None:
            return self.given.markers
        from infra.channels.sns import DynamoMarkers

        return DynamoMarkers(self.dynamodb, setting("TABLE_NAME"))

    @cached_property
    def player_store(self) -> PlayerStore:
        if self.given.player_store is not None:
            return self.given.player_store
        from infra.players.dynamodb import DynamoPlayerStore

        return DynamoPlayerStore.from_env(self.dynamodb)

    @cached_property
    def players(self) -> Players:
        """The players' application service (service/players/service.py)."""
        from service.notices.webhook.settings import loopback_allowed
        from service.players.service import Players

        return Players(self.player_store, allow_loopback_webhooks=loopback_allowed())

    @cached_property
    def lobby_store(self) -> LobbyStore:
        if self.given.lobby_store is not None:
            return self.given.lobby_store
        from infra.lobbies.dynamodb import DynamoLobbyStore

        return DynamoLobbyStore.from_env(self.dynamodb)

    @cached_property
    def lobbies(self) -> Lobbies:
        """The lobbies' application service (service/lobbies/service.py): it starts games through the one store."""
        from service.lobbies.service import Lobbies

        return Lobbies(self.lobby_store, self.players, self.store, self.rng, seeds=self.seeds)

    @cached_property
    def my_games_store(self) -> MyGamesStore:
        if self.given.my_games_store is not None:
            return self.given.my_games_store
        from infra.my_games.dynamodb import DynamoMyGamesStore

        return DynamoMyGamesStore.from_env(self.dynamodb)

    @cached_property
    def my_games(self) -> MyGames:
        """Each player's games, awaiting its move first (service/my_games.py)."""
        from service.my_games import MyGames

        return MyGames(self.my_games_store, self.players.authenticate)

    @cached_property
    def limiter(self) -> Limiter:
        """The limits on creating players and games (infra/limits.py), counted in the games table."""
        if self.given.limiter is not None:
            return self.given.limiter
        from infra.limits import DynamoLimiter

        return DynamoLimiter(self.dynamodb, setting("TABLE_NAME"))

    @cached_property
    def link_store(self) -> LinkStore:
        if self.given.link_store is not None:
            return self.given.link_store
        from infra.links.dynamodb import DynamoLinkStore

        return DynamoLinkStore.from_env(self.dynamodb)

    @cached_property
    def links(self) -> Links:
        """Link tokens and sessions (service/links.py)."""
        from service.links import Links

        return Links(self.link_store)

    @cached_property
    def looks(self) -> Looks:
        """The seats' last looks (service/catch_up.py): beside an in-memory store, in memory for as long as it."""
        from service.looks import Looks

        if self.given.last_seen is not None:
            return Looks(self.given.last_seen)
        if self.given.store is not None:
            from infra.last_seen import memory_last_seen

            return Looks(memory_last_seen(self.given.store))
        from infra.last_seen import DynamoLastSeen

        return Looks(DynamoLastSeen(self.dynamodb, setting("TABLE_NAME")))

    def _client(self, service: str, **options: Any) -> Any:
        import boto3

        from infra.budget import CLIENT_CONFIG, bound

        client = boto3.client(service, config=CLIENT_CONFIG, **options)  # type: ignore[call-overload]
        return bound(client, self.time_left)
