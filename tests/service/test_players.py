"""The players' service on the in-memory store: keys, profile validation, e-mail confirmation, races."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from infra.auth import token_hash
from infra.players import InMemoryPlayerStore, OutboxMessage, PlayerRecord, RevisionConflict
from service.players.profiles import deliverable_email, own_profile, public_profile
from service.players.service import (
    ATTEMPTS,
    CONFIRMATION_SECONDS,
    Changes,
    InvalidCode,
    InvalidField,
    PlayerContention,
    PlayerNotFound,
    Players,
    StaleRevision,
    Unauthenticated,
    is_player_key,
)

LINK = "https://api.example.org"


@dataclass
class Clock:
    now: float = 1_780_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store() -> InMemoryPlayerStore:
    return InMemoryPlayerStore()


@pytest.fixture
def service(store: InMemoryPlayerStore, clock: Clock) -> Players:
    return Players(store, clock=clock)


def code_of(store: InMemoryPlayerStore) -> str:
    [message] = store.drain_outbox()
    return str(message["code"])


def test_a_new_player_has_a_key_that_names_it_and_is_stored_only_hashed(service: Players,
                                                                        store: InMemoryPlayerStore) -> None:
    created = service.create("  Ada ", "Europe/Paris")
    record = created.record
    assert created.key.startswith(record.player_id + ".") and is_player_key(created.key)
    assert len(created.key.split(".", 1)[1]) >= 32  # 192 bits, url-safe base64
    assert record.name == "Ada" and record.time_zone == "Europe/Paris" and record.revision == 1
    assert record.key_sha256 == token_hash(created.key)
    assert created.key not in str(store.table.players) and service.authenticate(created.key) == record
    assert service.create("Grace").record.time_zone == "UTC"
    assert not is_player_key("a-seat-token-has-no-dot") and not is_player_key("x.y")


@pytest.mark.parametrize("wrong", [None, "", "garbage", "pAAAAAAAAAAAAAAAA.secret", ".", "p.x"])
def test_every_wrong_key_gets_the_same_refusal(service: Players, wrong: str | None) -> None:
    created = service.create("Ada")
    with pytest.raises(Unauthenticated) as refused:
        service.authenticate(wrong)
    assert str(refused.value) == ""
    tampered = created.key[:-1] + ("A" if created.key[-1] != "A" else "B")
    for key in (tampered, created.key + "x", created.record.player_id + ".x" + created.key.split(".")[1]):
        with pytest.raises(Unauthenticated):
            service.authenticate(key)


def test_rotating_the_key_refuses_the_old_one_at_once(service: Players) -> None:
    created = service.create("Ada")
    rotated = service.rotate_key(created.key)
    assert rotated.key != created.key and rotated.record.revision == 2
    assert service.authenticate(rotated.key).player_id == created.record.player_id
    for use in (service.authenticate, service.rotate_key, lambda k: service.update(k, Changes(name="X"), LINK)):
        with pytest.raises(Unauthenticated):
            use(created.key)


@pytest.mark.parametrize(("changes", "field"), [
    (Changes(name=""), "name"), (Changes(name="x" * 41), "name"), (Changes(name="a\u0000b"), "name"),
    (Changes(name=None), "name"), (Changes(time_zone="Mars/Olympus"), "time_zone"),
    (Changes(time_zone="../../etc/passwd"), "time_zone"), (Changes(time_zone="+02:00"), "time_zone"),
    (Changes(email="not-an-address"), "email"), (Changes(email="a@b"), "email"),
    (Changes(email="two@example.org, three@example.org"), "email"), (Changes(email="a,b@example.org"), "email"),
    (Changes(email="Eve <eve@example.org>"), "email"),
    (Changes(webhook_url="http://hooks.example.org/x"), "webhook_url"),
    (Changes(webhook_url="https://user:pw@hooks.example.org/x"), "webhook_url"),
    (Changes(webhook_url="https://127.0.0.1/x"), "webhook_url"),
    (Changes(webhook_url="https://localhost:8080/x"), "webhook_url"),
    (Changes(webhook_url="https://10.1.2.3/x"), "webhook_url"),
    (Changes(webhook_url="https://hooks.example.org/" + "x" * 600), "webhook_url"),
    (Changes(webhook_url="https://"), "webhook_url"), (Changes(push_endpoint="ftp://push.example/1"), "push_endpoint"),
    (Changes(name="Fine", webhook_url="javascript:alert(1)"), "webhook_url"),
])
def test_an_invalid_field_is_named_and_nothing_is_written(service: Players, store: InMemoryPlayerStore,
                                                         changes: Changes, field: str) -> None:
    created = service.create("Ada")
    with pytest.raises(InvalidField) as refused:
        service.update(created.key, changes, LINK)
    assert refused.value.field == field
    assert service.authenticate(created.key) == created.record  # nothing written, not even the valid fields
    assert store.drain_outbox() == []


def test_valid_changes_land_and_null_clears(service: Players, clock: Clock) -> None:
    key = service.create("Ada").key
    clock.now += 60
    changed = service.update(key, Changes(name="Ada L.", time_zone="America/New_York",
                                          webhook_url="https://hooks.example.org/distilled?x=1",
                                          push_endpoint="https://fcm.googleapis.com/fcm/send/abc"), LINK)
    assert (changed.name, changed.time_zone, changed.revision) == ("Ada L.", "America/New_York", 2)
    assert changed.updated_at != changed.created_at
    profile = own_profile(changed)
    assert profile["contacts"]["webhook_url"] == "https://hooks.example.org/distilled?x=1"
    assert "key" not in str(sorted(profile)) and public_profile(changed) == {"player_id": changed.player_id,
                                                                             "name": "Ada L."}
    cleared = service.update(key, Changes(time_zone=None, webhook_url=None, push_endpoint=None), LINK)
    assert (cleared.time_zone, cleared.webhook_url, cleared.push_endpoint) == ("UTC", None, None)
    assert service.update(key, Changes(name="Ada L."), LINK) == cleared  # no change: nothing written


def test_an_email_counts_only_once_confirmed_by_its_code(service: Players, store: InMemoryPlayerStore,
                                                       clock: Clock) -> None:
    created = service.create("Ada")
    pending = service.update(created.key, Changes(email="Ada@Example.ORG"), LINK)
    assert pending.email == "Ada@example.org" and not pending.email_confirmed and deliverable_email(pending) is None
    assert pending.email_code_expires_at == int(clock.now) + CONFIRMATION_SECONDS
    [message] = store.drain_outbox()
    code = message["code"]
    assert message["kind"] == "confirm_email" and message["channel"] == "email" and message["to"] == pending.email
    assert message["link"] == f"{LINK}/players/{pending.player_id}/confirm-email?code={code}"
    assert code in message["text"] and pending.email_code_sha256 == token_hash(code)
    assert code not in str(own_profile(pending)) and code not in str(store.table.players)
    confirmed = service.confirm(pending.player_id, code)
    assert not confirmed.already and deliverable_email(confirmed.record) == "Ada@example.org"
    again = service.confirm_own(created.key, code)  # the link opened twice: a no-op
    assert again.already and again.record == confirmed.record
    assert service.update(created.key, Changes(email="Ada@example.org"), LINK) == confirmed.record
    assert store.drain_outbox() == []  # the confirmed address again: no new code
    moved = service.update(created.key, Changes(email="ada@new.example"), LINK)
    assert deliverable_email(moved) is None and len(store.drain_outbox()) == 1
    gone = service.update(created.key, Changes(email=None), LINK)
    assert gone.email is None and gone.email_code_sha256 is None


def test_a_wrong_or_expired_code_is_refused_and_writes_nothing(service: Players, store: InMemoryPlayerStore,
                                                              clock: Clock) -> None:
    created = service.create("Ada")
    with pytest.raises(InvalidCode):  # nothing pending at all
        service.confirm_own(created.key, "0" * 32)
    pending = service.update(created.key, Changes(email="ada@example.org"), LINK)
    code = code_of(store)
    for wrong in ["0" * 32, code[:-1], code.upper() if code != code.upper() else code.lower() + "x"]:
        with pytest.raises(InvalidCode) as refused:
            service.confirm(pending.player_id, wrong)
        assert refused.value.code == "invalid_code"
    clock.now += CONFIRMATION_SECONDS
    for sent in (code, "0" * 32):
        with pytest.raises(InvalidCode) as refused:
            service.confirm(pending.player_id, sent)
        assert refused.value.code == "code_expired"
    assert service.authenticate(created.key) == pending
    with pytest.raises(PlayerNotFound):
        service.confirm("pNoSuchPlayer0000", code)
    with pytest.raises(PlayerNotFound):
        service.confirm("../etc", code)
    renewed = service.update(created.key, Changes(email="ada@example.org"), LINK)  # the same address: a new code
    assert renewed.email_code_sha256 != pending.email_code_sha256
    assert service.confirm(renewed.player_id, code_of(store)).record.email_confirmed


@dataclass
class RacingStore:
    """Before the first `n` writes land, another writer's change to the same player lands first."""

    inner: InMemoryPlayerStore
    meddle: Any
    n: int = 1
    calls: list[PlayerRecord] = field(default_factory=list)

    def create(self, record: PlayerRecord) -> None:
        self.inner.create(record)

    def get(self, player_id: str) -> PlayerRecord | None:
        return self.inner.get(player_id)

    def replace(self, record: PlayerRecord, outbox: tuple[OutboxMessage, ...] = ()) -> None:
        self.calls.append(record)
        if len(self.calls) <= self.n:
            current = self.inner.get(record.player_id)
            assert current is not None
            self.inner.replace(self.meddle(replace(current, revision=current.revision + 1)))
        self.inner.replace(record, outbox)


def test_a_lost_race_is_retried_on_the_newest_profile_so_no_update_is_lost(clock: Clock) -> None:
    inner = InMemoryPlayerStore()
    racing = RacingStore(inner, lambda r: replace(r, time_zone="Asia/Tokyo"))
    service = Players(racing, clock=clock)
    created = service.create("Ada")
    after = service.update(created.key, Changes(name="Ada L.", email="ada@example.org"), LINK)
    assert (after.name, after.time_zone, after.revision) == ("Ada L.", "Asia/Tokyo", 3)
    assert len(racing.calls) == 2 and len(inner.drain_outbox()) == 1  # the lost write's message never existed


def test_an_expected_revision_refuses_instead_of_retrying(clock: Clock) -> None:
    inner = InMemoryPlayerStore()
    service = Players(RacingStore(inner, lambda r: replace(r, name="Other")), clock=clock)
    created = service.create("Ada")
    with pytest.raises(StaleRevision) as stale:
        service.update(created.key, Changes(time_zone="Asia/Tokyo"), LINK, expected_revision=1)
    assert (stale.value.expected, stale.value.current) == (1, 2)
    assert inner.get(created.record.player_id).time_zone == "UTC"  # type: ignore[union-attr]
    with pytest.raises(StaleRevision):
        service.update(created.key, Changes(time_zone="Asia/Tokyo"), LINK, expected_revision=1)


def test_a_key_rotated_during_an_update_refuses_the_update(clock: Clock) -> None:
    inner = InMemoryPlayerStore()
    fresh = "pZZZZZZZZZZZZZZZZ.new"
    service = Players(RacingStore(inner, lambda r: replace(r, key_sha256=token_hash(fresh))), clock=clock)
    created = service.create("Ada")
    with pytest.raises(Unauthenticated):
        service.update(created.key, Changes(name="Mallory"), LINK)
    assert inner.get(created.record.player_id).name == "Ada"  # type: ignore[union-attr]


def test_endless_contention_gives_up(clock: Clock) -> None:
    racing = RacingStore(InMemoryPlayerStore(), lambda r: r, n=ATTEMPTS)
    service = Players(racing, clock=clock)
    created = service.create("Ada")
    with pytest.raises(PlayerContention):
        service.update(created.key, Changes(name="Ada L."), LINK)
    assert len(racing.calls) == ATTEMPTS


def test_concurrent_updates_of_distinct_fields_all_land(clock: Clock) -> None:
    store = InMemoryPlayerStore()
    service = Players(store, clock=clock)
    created = service.create("Ada")
    zones = ["Europe/Paris", "Asia/Tokyo", "America/Lima", "Africa/Cairo"]
    names = ["Ada A", "Ada B", "Ada C", "Ada D"]
    failures: list[BaseException] = []

    def run(changes: Changes) -> None:
        for _ in range(10):
            try:
                service.update(created.key, changes, LINK)
            except PlayerContention:
                continue
            except BaseException as error:  # pragma: no cover - reported below
                failures.append(error)
            return

    threads = [threading.Thread(target=run, args=(Changes(time_zone=z),)) for z in zones]
    threads += [threading.Thread(target=run, args=(Changes(name=n),)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = store.get(created.record.player_id)
    assert not failures and final is not None
    assert final.revision == 1 + len(threads)  # every update wrote once, none overwrote another
    assert final.time_zone in zones and final.name in names


def test_the_stores_conflict_is_what_the_service_sees() -> None:
    store = InMemoryPlayerStore()
    with pytest.raises(RevisionConflict):
        store.replace(PlayerRecord("pAAAAAAAAAAAAAAAA", "a" * 64, "A", "UTC", "t", "t", revision=2))
