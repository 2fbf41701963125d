"""The lobbies' routes through their handlers under moto, as API Gateway calls them (routes from template.yaml),
every AWS call checked against the function's grants: two players meet through an invite link, the game starts
when the lobby fills, each plays its seat with its own key; the host's powers; what nobody else may see."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from functions import container
from functions.observability import logger
from tests.service.gateway import Gateway, Reply
from tests.service.iam import assert_within_policies
from tests.service.support import AwsWorld


@pytest.fixture
def gw(aws: AwsWorld) -> Gateway:
    gateway = Gateway()
    gateway.operations.watch(container.dynamodb())
    return gateway


def player(gw: Gateway, name: str) -> tuple[str, str]:
    reply = gw.post("/players", {"name": name})
    assert reply.status == 201, reply.body
    return reply.body["player_id"], reply.body["key"]


def invite_of(link: str) -> tuple[str, str]:
    """(game id, invite code) of an invite link: `<base>/lobbies/<game_id>#invite=<code>`."""
    parts = urlsplit(link)
    assert parts.fragment.startswith("invite=")
    return parts.path.rsplit("/", 1)[1], parts.fragment.removeprefix("invite=")


def act(gw: Gateway, game_id: str, key: str) -> Reply:
    """Post the seat's first legal action (not the washback choice)."""
    view = gw.get(f"/games/{game_id}", token=key).body
    action = next(a for a in view["view"]["legal_actions"] if not a.get("open"))
    return gw.post(f"/games/{game_id}/{action['type']}", {**action, "command_id": f"c{view['version']}"}, token=key)


def test_two_players_meet_by_invite_link_and_play_their_seats_with_their_keys(gw: Gateway) -> None:
    _, host = player(gw, "Hana")
    ada_id, ada = player(gw, "Ada")
    made = gw.post("/lobbies", {"seats": 2, "options": {"flight": "A"}}, token=host)
    assert made.status == 201, made.body
    assert made.headers["Location"] == f"/lobbies/{made.body['game_id']}"
    game_id, code = invite_of(made.body["invite_link"])
    assert (game_id, code) == (made.body["game_id"], made.body["invite"])
    assert gw.get(f"/games/{game_id}").code == "game_not_found"  # no game before the start

    seen_by_ada = gw.get(f"/lobbies/{game_id}", token=ada).body
    assert [s["player_id"] for s in seen_by_ada["seats"]] == [None, None]  # not the host's id
    assert seen_by_ada["host_name"] == "Hana" and seen_by_ada["free_seats"] == 1
    joined = gw.post(f"/lobbies/{game_id}/join", {"invite": code}, token=ada)
    assert joined.status == 200, joined.body
    assert joined.body["started"] and joined.body["lobby"]["game"] == f"/games/{game_id}"
    assert [s["game_seat"] for s in joined.body["lobby"]["seats"]] == [0, 1]
    assert gw.get(f"/lobbies/{game_id}", token=host).body["seats"][1]["player_id"] == ada_id

    assert gw.get(f"/games/{game_id}", token=host).body["seat"] == 0
    assert gw.get(f"/games/{game_id}", token=ada).body["seat"] == 1
    for key in (host, ada):
        moved = act(gw, game_id, key)
        assert moved.status in (200, 422), moved.body  # accepted, or not this seat's turn (rules' answer)
    assert gw.get(f"/games/{game_id}").body["version"] > 1
    _, stranger = player(gw, "Stranger")
    assert gw.get(f"/games/{game_id}", token=stranger).status == 401
    assert gw.post(f"/lobbies/{game_id}/join", {"invite": code}, token=stranger).code == "lobby_started"
    assert gw.post(f"/lobbies/{game_id}/join", {"invite": code}, token=ada).code == "already_seated"
    assert_within_policies(gw.operations)


def test_only_the_host_manages_the_lobby_and_a_bad_invite_is_refused(gw: Gateway) -> None:
    _, host = player(gw, "Hana")
    _, ada = player(gw, "Ada")
    made = gw.post("/lobbies", {"seats": [{"host": True}, {"open": True}, {"bot": True, "name": "Robo"}]},
                   token=host).body
    game_id = made["game_id"]
    assert [t["seat"] for t in made["bot_tokens"]] == [2]
    assert gw.post(f"/lobbies/{game_id}/join", {}, token=ada).code == "invite_required"
    assert gw.post(f"/lobbies/{game_id}/join", {"invite": "wrong"}, token=ada).code == "invalid_invite"
    for path in (f"/lobbies/{game_id}/start", f"/lobbies/{game_id}/seats/1/remove"):
        refused = gw.post(path, token=ada)
        assert (refused.status, refused.code) == (403, "not_host")
    assert gw.post(f"/lobbies/{game_id}/seats/9/remove", token=host).status == 422  # not a seat number
    assert gw.post(f"/lobbies/{game_id}/start", token="no-key").status == 401
    replaced = gw.post(f"/lobbies/{game_id}/seats/1/replace", {"bot": True}, token=host)
    assert replaced.status == 200 and [t["seat"] for t in replaced.body["bot_tokens"]] == [1]
    started = gw.post(f"/lobbies/{game_id}/start", token=host)
    assert started.status == 200 and started.body["started"]
    assert gw.post(f"/lobbies/{game_id}/seats/1/replace", {"open": True}, token=host).code == "lobby_started"
    bot = replaced.body["bot_tokens"][0]["token"]
    assert gw.get(f"/games/{game_id}", token=bot).body["seat"] == 1
    assert_within_policies(gw.operations)


def test_the_host_reissues_a_bot_token_and_the_old_one_fails_at_once(gw: Gateway) -> None:
    _, host = player(gw, "Hana")
    _, ada = player(gw, "Ada")
    made = gw.post("/lobbies", {"seats": [{"host": True}, {"bot": True}]}, token=host).body
    game_id, old = made["game_id"], made["bot_tokens"][0]["token"]
    gw.post(f"/lobbies/{game_id}/start", token=host)
    assert gw.get(f"/games/{game_id}", token=old).body["seat"] == 1
    assert gw.post(f"/games/{game_id}/seats/1/token", token=ada).code == "not_host"
    assert gw.post(f"/games/{game_id}/seats/0/token", token=host).code == "seat_claimed"
    reissued = gw.post(f"/games/{game_id}/seats/1/token", token=host)
    assert reissued.status == 200 and reissued.body["version"] == 2
    assert gw.get(f"/games/{game_id}", token=old).status == 401
    assert gw.get(f"/games/{game_id}", token=reissued.body["token"]).body["seat"] == 1
    history = gw.get(f"/games/{game_id}/events", token=host).body
    assert all(e.get("type") != "seats" for c in history["commits"] for e in c["events"])
    assert_within_policies(gw.operations)


def test_public_lobbies_are_listed_from_the_index_and_joined_without_an_invite(gw: Gateway) -> None:
    _, host = player(gw, "Hana")
    _, ada = player(gw, "Ada")
    private = gw.post("/lobbies", {"seats": 2}, token=host).body["game_id"]
    public = gw.post("/lobbies", {"seats": 3, "public": True}, token=host).body["game_id"]
    listed = gw.get("/lobbies", query={"open": "true"})
    assert listed.status == 200 and [lobby["game_id"] for lobby in listed.body["lobbies"]] == [public]
    assert private not in listed.text
    assert gw.post(f"/lobbies/{public}/join", {}, token=ada).status == 200
    assert [lobby["free_seats"] for lobby in gw.get("/lobbies").body["lobbies"]] == [1]
    assert_within_policies(gw.operations)


def test_no_answer_carries_another_players_key_or_the_invite_and_no_log_the_invite(
        gw: Gateway, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]) -> None:
    _, host = player(gw, "Hana")
    ada_id, ada = player(gw, "Ada")
    gw.request("PATCH", "/players/me", {"webhook_url": "https://hooks.example.org/hana"}, token=host)
    made = gw.post("/lobbies", {"seats": [{"host": True}, {"open": True}, {"bot": True}]}, token=host).body
    game_id, code, bot = made["game_id"], made["invite"], made["bot_tokens"][0]["token"]
    ada_saw = [gw.get(f"/lobbies/{game_id}", token=ada), gw.post(f"/lobbies/{game_id}/join", {"invite": code},
                                                                  token=ada),
               gw.get(f"/lobbies/{game_id}", token=ada), gw.get(f"/games/{game_id}", token=ada),
               gw.get(f"/games/{game_id}/events", token=ada), gw.get("/lobbies")]
    for reply in ada_saw:
        for secret in (host, host.split(".", 1)[1], bot, "hooks.example.org"):
            assert secret not in reply.text
    host_saw = [gw.get(f"/lobbies/{game_id}", token=host), gw.get(f"/games/{game_id}", token=host)]
    for reply in host_saw:
        assert ada not in reply.text and ada.split(".", 1)[1] not in reply.text
    assert ada_id in host_saw[0].text  # the host sees who joined
    printed = capsys.readouterr()
    logs = "\n".join(logger.registered_formatter.format(r) for r in caplog.records) + printed.out + printed.err
    assert '"message":"lobby created"' in logs and '"message":"lobby joined"' in logs  # the logs were read
    for secret in (code, host, ada, bot):
        assert secret not in logs
