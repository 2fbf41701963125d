"""The webhook secret: made when a URL is first set, shown once (PATCH or rotation), never in a profile, in the
Standard Webhooks form (`whsec_`); one stored before in the old form is kept until rotated; a URL set again
re-enables a disabled webhook; loopback URLs only where the local server allows them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from infra.players import InMemoryPlayerStore
from service.notices.webhook.signing import is_secret
from service.players.profiles import own_profile
from service.players.service import Changes, InvalidField, Players

LINK = "https://api.example.org"
URL = "https://hooks.example.org/ada"


@pytest.fixture
def players() -> Players:
    clock = iter(range(1_780_000_000, 1_790_000_000, 60))
    return Players(InMemoryPlayerStore(), clock=lambda: float(next(clock)))


def test_first_url_makes_a_secret_shown_once_and_never_in_the_profile(players: Players) -> None:
    created = players.create("Ada")
    assert players.update_profile(created.key, Changes(name="Ada L."), LINK).webhook_secret is None
    first = players.update_profile(created.key, Changes(webhook_url=URL), LINK)
    assert first.webhook_secret is not None and is_secret(first.webhook_secret)
    assert first.webhook_secret.startswith("whsec_")
    assert first.record.webhook_secret == first.webhook_secret  # kept: it signs
    profile = own_profile(first.record)
    assert first.webhook_secret not in repr(profile) and first.webhook_secret not in repr(first.record)
    assert profile["webhook"] == {"state": "enabled", "since": first.record.webhook_since, "failures": 0}
    again = players.update_profile(created.key, Changes(webhook_url=URL, name="Ada"), LINK)
    assert again.webhook_secret is None and again.record.webhook_secret == first.webhook_secret
    other = players.update_profile(created.key, Changes(webhook_url=URL + "/2"), LINK)
    assert other.webhook_secret is None and other.record.webhook_secret == first.webhook_secret


def test_rotation_shows_a_new_secret_once_and_needs_a_url(players: Players) -> None:
    created = players.create("Ada")
    with pytest.raises(InvalidField):
        players.rotate_webhook_secret(created.key)
    first = players.update_profile(created.key, Changes(webhook_url=URL), LINK).webhook_secret
    rotated = players.rotate_webhook_secret(created.key)
    assert rotated.webhook_secret not in (None, first) and rotated.record.webhook_secret == rotated.webhook_secret
    assert rotated.webhook_secret not in repr(own_profile(rotated.record))


def test_a_secret_stored_in_the_old_form_is_kept_by_a_url_set_again_and_replaced_by_rotation(players: Players) -> None:
    created = players.create("Ada")
    record = players.update_profile(created.key, Changes(webhook_url=URL), LINK).record
    legacy = "wh~" + "q" * 43
    players.store.replace(replace(record, webhook_secret=legacy, revision=record.revision + 1))
    again = players.update_profile(created.key, Changes(webhook_url=URL + "/2"), LINK)
    assert again.webhook_secret is None and again.record.webhook_secret == legacy  # its receiver keeps verifying
    rotated = players.rotate_webhook_secret(created.key).webhook_secret
    assert rotated is not None and rotated.startswith("whsec_") and is_secret(rotated)


def test_clearing_the_url_drops_the_secret_and_a_new_url_gets_a_new_one(players: Players) -> None:
    created = players.create("Ada")
    first = players.update_profile(created.key, Changes(webhook_url=URL), LINK).webhook_secret
    cleared = players.update_profile(created.key, Changes(webhook_url=None), LINK).record
    assert cleared.webhook_secret is None and own_profile(cleared)["webhook"] is None
    second = players.update_profile(created.key, Changes(webhook_url=URL), LINK).webhook_secret
    assert second is not None and second != first


def test_setting_the_url_again_re_enables_a_disabled_webhook(players: Players) -> None:
    created = players.create("Ada")
    record = players.update_profile(created.key, Changes(webhook_url=URL), LINK).record
    disabled = replace(record, webhook_failures=5, webhook_disabled_at="2026-12-02T04:00:00Z",
                       revision=record.revision + 1)
    players.store.replace(disabled)
    assert own_profile(disabled)["webhook"] == {"state": "disabled", "since": "2026-12-02T04:00:00Z", "failures": 5}
    again = players.update_profile(created.key, Changes(webhook_url=URL), LINK)
    assert again.webhook_secret is None  # the secret stays: the receiver keeps verifying
    assert (again.record.webhook_disabled_at, again.record.webhook_failures) == (None, None)
    assert again.record.webhook_since not in (None, record.webhook_since)
    assert own_profile(again.record)["webhook"]["state"] == "enabled"


@pytest.mark.parametrize("url", ["http://127.0.0.1:8123/hook", "https://localhost/x", "http://[::1]:9/x"])
def test_loopback_only_where_allowed(players: Players, url: str) -> None:
    created = players.create("Ada")
    with pytest.raises(InvalidField):
        players.update_profile(created.key, Changes(webhook_url=url), LINK)
    local = replace(players, allow_loopback_webhooks=True)
    assert local.update_profile(created.key, Changes(webhook_url=url), LINK).record.webhook_url == url
    with pytest.raises(InvalidField):
        local.update_profile(created.key, Changes(webhook_url="http://10.0.0.1/x"), LINK)
