"""The playground's protocol and its guards, through a WebSocket client that is not the
page: what another site, a confused tool or an attacker could send (docs/playground.md)."""

import http.client
import json
import socket as tcp
import time

import pytest
import websocket



def connect(server, origin=None, host=None):
    headers = []
    if host:
        headers.append(f"Host: {host}")
    return websocket.create_connection(
        f"ws://127.0.0.1:{server.port}/ws", timeout=20, origin=origin,
        header=headers, suppress_origin=origin is None, host=host)


def exchange(socket, message):
    socket.send(json.dumps(message))
    return json.loads(socket.recv())


def hello(socket):
    first = json.loads(socket.recv())
    assert first["type"] == "hello" and first["v"] == 1
    return first


def status(server, path="/", host=None, method="GET"):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.putrequest(method, path, skip_host=True)
    connection.putheader("Host", host or f"127.0.0.1:{server.port}")
    connection.endheaders()
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status


def test_only_the_pages_own_assets_are_served(serve):
    server = serve()
    assert status(server, "/") == 200
    assert status(server, "/app.js") == 200
    for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/etc/passwd", "/app.js/../x",
                 "//etc/passwd", "/" + "a" * 5000]:
        assert status(server, path) in (404, 431), path
    assert status(server, "/", method="POST") == 405


def test_a_host_that_is_not_loopback_is_refused_dns_rebinding(serve):
    server = serve()
    assert status(server, "/", host=f"rebound.example:{server.port}") == 421
    assert status(server, "/", host=f"localhost:{server.port}") == 200
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        connect(server, host=f"rebound.example:{server.port}")
    assert refused.value.status_code in (403, 421)


def test_a_socket_from_another_sites_page_is_refused(serve):
    server = serve()
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        connect(server, origin="http://evil.example")
    assert refused.value.status_code == 403
    own = connect(server, origin=f"http://127.0.0.1:{server.port}")
    hello(own)
    own.close()


def test_malformed_messages_get_an_error_and_the_connection_stays(serve):
    server = serve("examples/sticky-headers.gl")
    socket = connect(server)
    hello(socket)
    for bad in ["{", "[]", json.dumps({"type": "warp"}), json.dumps({"type": "scroll", "x": "a"}),
                json.dumps({"v": 9, "type": "frame"})]:
        socket.send(bad)
        reply = json.loads(socket.recv())
        assert reply["type"] == "error" and reply["code"] and reply["message"], bad
    socket.send_binary(b"\x00\x01")
    assert json.loads(socket.recv())["code"] == "malformed"
    state = exchange(socket, {"id": 1, "type": "run", "text": "viewport 300 x 400\nsection items 3\n"})
    assert state["type"] == "state" and state["id"] == 1
    socket.close()


def test_a_message_over_the_limit_closes_the_connection_with_1009(serve):
    server = serve()
    socket = connect(server)
    hello(socket)
    # Only a frame's header, announcing 40 MiB (masked, as a client's must be): the server
    # refuses at the header, without waiting for (or holding) the payload.
    socket.sock.sendall(bytes([0x81, 0x80 | 127]) + (40 << 20).to_bytes(8, "big") + bytes(4))
    opcode, data = socket.recv_data(control_frame=True)
    assert opcode == websocket.ABNF.OPCODE_CLOSE
    assert int.from_bytes(data[:2], "big") == 1009
    socket.close()
    # The server goes on.
    again = connect(server)
    hello(again)
    again.close()


def test_sessions_are_bounded(serve):
    server = serve()
    sockets = [connect(server) for _ in range(8)]
    for s in sockets:
        hello(s)
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        connect(server)
    assert refused.value.status_code == 403
    sockets.pop().close()
    time.sleep(0.3)
    again = connect(server)
    hello(again)
    again.close()
    for s in sockets:
        s.close()


def test_a_new_run_cancels_the_one_running(serve):
    server = serve()
    socket = connect(server)
    hello(socket)
    slow = "viewport 300 x 400\nsection items 100000\nrepeat 5000000 { scroll by y 1 }\n"
    socket.send(json.dumps({"id": 1, "type": "run", "text": slow}))
    time.sleep(0.3)
    started = time.monotonic()
    socket.send(json.dumps({"id": 2, "type": "run", "text": "viewport 300 x 400\nsection items 3\n"}))
    replies = [json.loads(socket.recv()), json.loads(socket.recv())]
    assert [r["type"] for r in replies] == ["cancelled", "state"], replies
    assert [r["id"] for r in replies] == [1, 2]
    assert time.monotonic() - started < 5
    socket.close()


def run_once(server, text):
    """A new page's first run of `text`: its reply."""
    socket = connect(server)
    hello(socket)
    reply = exchange(socket, {"id": 1, "type": "run", "text": text})
    socket.close()
    return reply


def test_scripts_run_under_gl_runs_limits(serve):
    reply = run_once(serve(), "viewport 300 x 400\nsection items 100000000\n")
    assert reply["type"] == "problems"
    assert reply["diagnostics"][0]["code"].startswith("GL")


PICTURE = 'viewport 300 x 400\nsection items 3\nsvg "picture.svg"\n'


def test_nothing_is_written_without_out(serve, tmp_path):
    state = run_once(serve(), PICTURE)
    assert state["type"] == "state"
    assert not (tmp_path / "picture.svg").exists()
    assert any("was not written" in o["text"] for o in state["outputs"])


def test_with_out_svg_steps_write_there_only(serve, tmp_path):
    (tmp_path / "pictures").mkdir()
    state = run_once(serve(extra=["--out", "pictures"]), PICTURE)
    assert state["type"] == "state"
    assert (tmp_path / "pictures/picture.svg").read_text().startswith("<svg")
    assert not (tmp_path / "picture.svg").exists()


def test_listening_beyond_this_machine_is_said(serve):
    server = serve(extra=["--host", "0.0.0.0"])
    # Reached by an IP address, which no DNS answer can stand in for.
    assert status(server, "/", host=f"127.0.0.1:{server.port}") == 200
    assert status(server, "/", host=f"rebound.example:{server.port}") == 421
    assert "warning: listening on 0.0.0.0" in server.stderr()


def test_connections_are_bounded(serve):
    server = serve()
    held = [tcp.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(32)]
    extra = tcp.create_connection(("127.0.0.1", server.port), timeout=5)
    assert extra.recv(1) == b"", "the connection past the bound is closed at once"
    extra.close()
    for connection in held:
        connection.close()
    time.sleep(0.3)
    assert status(server, "/") == 200
