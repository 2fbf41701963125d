""""My games" and the end of a game, through the notifier and the routes: entries kept from the stream (lobby ->
in progress -> finished, awaiting first, never older than stored), one `game_over` notice per seat and never a
"your turn" after it; under moto every AWS call is checked against the template's grants."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from devtools.bots import random_bot
from domain import to_act
from domain.options import SeatSpec
from functions import container, notifier
from functions.my_games_feed import keep_game
from infra.lobbies.base import to_json
from service.games import pipeline
from service.games.repository import fold_commits, load
from service.my_games import game_entries
from tests.functions.test_notifier import invoke, record, records
from tests.service.gateway import FakeContext, Gateway
from tests.service.iam import assert_within_policies
from tests.service.streams import StreamReader
from tests.service.support import AwsWorld, MemoryWorld

NOTIFIER = "functions/notifier.lambda_handler"
ADA, BOB = "pAAAAAAAAAAAAAAAA", "pBBBBBBBBBBBBBBBB"
MAX_COMMANDS = 3000


def play(store: Any, game_id: str, until_finished: bool = True, steps: int = MAX_COMMANDS, seed: int = 5) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        game = load(store, game_id)
        state = game.state
        if state.phase == "finished":
            return
        seat = rng.choice(to_act(state))
        pipeline.handle(store, game_id, seat, random_bot(state, seat, rng), command_id=f"m{game.version}")
    assert not until_finished, "the game did not end"


def lobby_game(world: MemoryWorld, players: tuple[str | None, ...] = (ADA, None, BOB)) -> str:
    seats = [SeatSpec(name=n) for n in ("Ada", "Robo", "Bob")[: len(players)]]
    return pipeline.create_game(world.store, seats, rng=random.Random(1), players=list(players)).aggregate.game_id


def lobby_record(lobby: Any, event: str = "MODIFY") -> dict[str, Any]:
    image = {"pk": {"S": f"LOBBY#{lobby.game_id}"}, "sk": {"S": "LOBBY"}, "kind": {"S": "lobby"},
             "lobby": {"S": to_json(lobby)}, "revision": {"N": str(lobby.revision)}}
    return {"eventID": f"l{lobby.revision}", "eventName": event, "eventVersion": "1.1", "eventSource": "aws:dynamodb",
            "awsRegion": "eu-west-1", "dynamodb": {"Keys": {k: image[k] for k in ("pk", "sk")}, "NewImage": image,
                                                   "SequenceNumber": str(900 + lobby.revision), "SizeBytes": 10,
                                                   "StreamViewType": "NEW_IMAGE"}}


def test_a_finished_game_tells_every_seat_once_that_it_is_over_and_never_your_turn(memory: MemoryWorld) -> None:
    game = lobby_game(memory)
    invoke(records(memory.store, game))  # told as it goes: "your turn" while it lasts
    play(memory.store, game)
    batch = records(memory.store, game, after=1)
    random.Random(2).shuffle(batch)
    assert invoke(batch) == {"batchItemFailures": []}
    assert invoke(batch) == {"batchItemFailures": []}  # delivered again: nothing new goes out
    final = load(memory.store, game)
    over = [m for m in memory.outbox.messages if m["kind"] == "game_over"]
    scores = [p.score["sp"] for p in final.state.players if p.score]
    assert sorted(m["seat"] for m in over) == [0, 1, 2]
    for m in over:
        assert (m["version"], m["phase"], m["scores"], m["winners"]) == (
            final.version, "finished", scores, list(final.state.winners))
        assert m["won"] == (m["seat"] in final.state.winners) and m["dedup_key"].endswith(":game_over")
    turns = [m for m in memory.outbox.messages if m["kind"] == "your_turn"]
    assert turns and all(m["version"] < final.version and m["phase"] != "finished" for m in turns)


def test_the_view_shows_every_seat_and_spectator_the_final_scores_and_winners(memory: MemoryWorld) -> None:
    game = lobby_game(memory, (None, None))
    play(memory.store, game)
    state = load(memory.store, game).state
    from domain import view

    results = [view(state, seat)["result"] for seat in (None, 0, 1)]
    assert results[0] == results[1] == results[2] is not None
    result = results[0]
    assert result["winners"] == state.winners and result["winner_names"] == [state.players[w].name
                                                                               for w in state.winners]
    assert next(s["place"] for s in result["standings"]) == 1
    assert {s["seat"]: s["sp"] for s in result["standings"]} == {p.seat: p.score["sp"] for p in state.players
                                                                 if p.score}
    assert all(view(state, None)["players"][p.seat]["score"] == p.score for p in state.players)  # the breakdown
    fresh = lobby_game(memory, (None, None))
    assert view(load(memory.store, fresh).state, None)["result"] is None


def test_entries_follow_the_game_from_its_start_to_its_end(memory: MemoryWorld) -> None:
    game = lobby_game(memory)
    invoke(records(memory.store, game))
    ada, bob = memory.my_games.get(ADA, game), memory.my_games.get(BOB, game)
    assert ada is not None and bob is not None and memory.my_games.get("Robo", game) is None
    assert (ada.status, ada.seat, ada.awaiting, ada.to_act, ada.names) == (
        "in_progress", 0, True, (0, 1, 2), ("Ada", "Robo", "Bob"))
    assert bob.seat == 2 and bob.version == 1
    play(memory.store, game, until_finished=False, steps=25)
    invoke(records(memory.store, game, after=1))
    now = load(memory.store, game)
    ada = memory.my_games.get(ADA, game)
    assert ada is not None and ada.version == now.version and ada.awaiting == (0 in to_act(now.state))
    assert ada.to_act == tuple(to_act(now.state)) and ada.phase == now.state.phase
    play(memory.store, game)
    invoke(records(memory.store, game, after=now.version))
    done = memory.my_games.get(BOB, game)
    final = load(memory.store, game)
    assert done is not None and done.status == "finished" and not done.awaiting and done.to_act == ()
    assert done.scores == tuple(p.score["sp"] for p in final.state.players if p.score)
    assert done.winners == tuple(final.state.winners)
    invoke([record(game, 1)])  # an old record delivered late: nothing older than what is stored
    assert memory.my_games.get(BOB, game) == done


def test_an_older_state_never_overwrites_a_newer_entry(memory: MemoryWorld) -> None:
    game = lobby_game(memory)
    play(memory.store, game, until_finished=False, steps=10)
    commits = memory.store.commits(game)
    newest = load(memory.store, game)
    assert keep_game(newest, commits[-1].recorded_at) == 2
    older = fold_commits(load(memory.store, game).__class__(game), commits[:3])
    assert keep_game(older, commits[2].recorded_at) == 0
    assert memory.my_games.get(ADA, game) == game_entries(newest, commits[-1].recorded_at)[0]


def test_a_game_without_players_lists_nowhere(memory: MemoryWorld) -> None:
    game = lobby_game(memory, (None, None))
    invoke(records(memory.store, game))
    assert memory.my_games.table.entries == {}


def test_lobby_items_make_entries_and_a_player_who_lost_a_seat_loses_the_entry(memory: MemoryWorld) -> None:
    lobbies, players = container.lobbies(), container.players()
    host, ada = players.create("Hana"), players.create("Ada")
    from domain.options import Options
    from service.lobbies.service import SeatSpecIn

    made = lobbies.create(host.key, [SeatSpecIn("host"), SeatSpecIn("open"), SeatSpecIn("open")], Options(), False)
    game = made.record.game_id
    invoke([lobby_record(made.record, "INSERT")])
    page = memory.my_games.page(host.record.player_id, 10)
    assert [(e.game_id, e.status, e.host, e.open_seats) for e in page.entries] == [(game, "lobby", True, 2)]
    joined = lobbies.join(game, ada.key, made.invite)
    invoke([lobby_record(joined.record)])
    assert [e.seat for e in memory.my_games.page(ada.record.player_id, 10).entries] == [1]
    kicked = lobbies.replace(game, host.key, 1, "open")
    invoke([lobby_record(kicked.record), lobby_record(joined.record)])  # the older image comes again, late
    assert memory.my_games.page(ada.record.player_id, 10).entries == []
    assert memory.my_games.page(host.record.player_id, 10).entries[0].open_seats == 2
    started = lobbies.start(game, host.key).record
    invoke([lobby_record(started), *records(memory.store, game)])
    entry = memory.my_games.get(host.record.player_id, game)
    assert entry is not None and entry.status == "in_progress" and entry.version == 1


def test_the_route_lists_the_callers_games_awaiting_first_in_pages(memory: MemoryWorld) -> None:
    gw = Gateway()
    made = gw.post("/players", {"name": "Ada"}).body
    key, me = made["key"], made["player_id"]
    games = [lobby_game(memory, (me, None)) for _ in range(3)]
    play(memory.store, games[1])
    invoke([r for g in games for r in records(memory.store, g)])
    listed = gw.get("/players/me/games", token=key)
    assert listed.status == 200, listed.body
    order = [(g["game_id"], g["status"], g["awaiting"]) for g in listed.body["games"]]
    assert [s for _, s, _ in order][-1] == "finished" and order[0][2] and listed.body["cursor"] is None
    first = gw.get("/players/me/games", token=key, query={"limit": "2"}).body
    rest = gw.get("/players/me/games", token=key, query={"limit": "2", "cursor": first["cursor"]}).body
    assert [g["game_id"] for g in first["games"] + rest["games"]] == [g for g, _, _ in order]
    assert gw.get("/players/me/games").status == 401
    assert gw.get("/players/me/games", token=key, query={"cursor": "bm9wZQ"}).code == "invalid_cursor"
    other = gw.post("/players", {"name": "Bob"}).body["key"]
    assert gw.get("/players/me/games", token=other).body == {"games": [], "cursor": None}


@pytest.fixture
def gw(aws: AwsWorld) -> Gateway:
    gateway = Gateway()
    gateway.operations.watch(container.dynamodb())
    return gateway


def test_under_moto_the_stream_keeps_my_games_and_every_call_is_granted(aws: AwsWorld, gw: Gateway) -> None:
    stream = StreamReader(aws.dynamodb)
    host = gw.post("/players", {"name": "Hana"}).body
    ada = gw.post("/players", {"name": "Ada"}).body
    made = gw.post("/lobbies", {"seats": 2, "options": {"flight": "A"}}, token=host["key"]).body

    def notify() -> None:
        with gw.operations.running(NOTIFIER):
            assert notifier.lambda_handler({"Records": stream.read()}, FakeContext()) == {"batchItemFailures": []}

    notify()
    mine = gw.get("/players/me/games", token=host["key"]).body["games"]
    assert [(g["game_id"], g["status"], g["host"]) for g in mine] == [(made["game_id"], "lobby", True)]
    assert gw.post(f"/lobbies/{made['game_id']}/join", {"invite": made["invite"]}, token=ada["key"]).status == 200
    notify()
    for who in (host, ada):
        (entry,) = gw.get("/players/me/games", token=who["key"]).body["games"]
        assert entry["status"] == "in_progress" and entry["awaiting"] and entry["names"] == ["Hana", "Ada"]
    game = made["game_id"]
    play(container.store(), game)
    notify()
    (entry,) = gw.get("/players/me/games", token=ada["key"]).body["games"]
    assert entry["status"] == "finished" and entry["scores"] is not None
    over = [m for m in aws.messages() if m["kind"] == "game_over"]
    assert sorted(m["seat"] for m in over) == [0, 1]
    text = str(gw.get("/players/me/games", token=ada["key"]).body)
    assert host["key"] not in text and ada["key"] not in text and host["player_id"] not in text
    assert_within_policies(gw.operations)


def test_the_notifier_may_write_my_games_entries_but_no_profile() -> None:
    from tests.service.iam import allowed
    from tests.service.test_iam import put

    assert allowed(NOTIFIER, put("MYGAMES#pAAAAAAAAAAAAAAAA"))
    assert not allowed(NOTIFIER, put("PLAYER#pAAAAAAAAAAAAAAAA")), "the notifier could rewrite a player's key"
    assert not allowed(NOTIFIER, replace(put("MYGAMES#p"), action="dynamodb:DeleteItem"))
