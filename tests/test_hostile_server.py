"""Hostile requests to `watch`'s server, as any web page the user opens (or any program on this
computer) can send them: a foreign Host (DNS rebinding), paths that name no file of the build (a
NUL, an overlong name, a link loop, traversal), connections that hold on, a bad --port, and a
pack that `build` refuses. Every answer is 403 or 404, the terminal stays quiet, nothing of a
refused pack is written. Traffic goes only to 127.0.0.1; every wait is bounded."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from conftest import assert_clean_outcome, replace_once
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.files.resources import default_pack
from estoril_pnp.watch.gallery import Gallery
from estoril_pnp.watch.server import serve

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
KEY = "0123abcd"  # a picture the gallery holds
PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 16
WAIT = 5.0  # seconds any one answer may take


def ask(port: int, target: str, host: str | None) -> tuple[int, bytes]:
    """The status and body of one GET, Host as given (None: no Host line), the request sent as is."""
    lines = [f"GET {target} HTTP/1.1", *([f"Host: {host}"] if host is not None else []), "", ""]
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as sock:
        sock.sendall("\r\n".join(lines).encode("latin-1"))
        answer = b""
        while chunk := sock.recv(65536):  # the server closes the connection after its answer
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def events(port: int) -> socket.socket:
    """The event stream, opened; its first event read."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    assert b"data: " in next_event(sock)
    return sock


def next_event(sock: socket.socket) -> bytes:
    """Bytes up to the end of the next `data:` event (comments before it skipped)."""
    got = b""
    while not (b"data: " in got and got.endswith(b"\n\n")):
        chunk = sock.recv(1)
        assert chunk, "the stream was closed"
        got += chunk
    return got


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, Gallery]]:
    """The server on a build folder planted with a file, a folder, links that loop, a link out and a pipe;
    2 connections at most, 1 s of silence allowed."""
    out = tmp_path / "out"
    (out / "en").mkdir(parents=True)
    (out / "en" / "rulebook.html").write_text("<p>the rules</p>", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("not for the web", encoding="utf-8")
    (out / "loop").symlink_to("loop")
    (out / "ping").symlink_to("pong")
    (out / "pong").symlink_to("ping")
    (out / "outside").symlink_to(tmp_path / "secret.txt")
    os.mkfifo(out / "pipe")
    gallery = Gallery()
    gallery.pngs[KEY] = PNG
    links = {"en": {"rulebook.html": "/out/en/rulebook.html"}}
    gallery.say(["error: characters.yaml:3: a finding"], links)
    server = serve(gallery, out, 0, idle=1.0, most=2)
    try:
        yield server.server_port, gallery
    finally:
        server.shutdown()
        server.server_close()


ROUTES = ["/", "/state.json", "/events", f"/picture/{KEY}.png", "/out/en/rulebook.html"]
FOREIGN = [
    "evil.example",
    "evil.example:{port}",
    "127.0.0.1",  # not the server's port (80)
    "127.0.0.1:1",
    "localhost.evil.example:{port}",
    "127.0.0.1:{port}.evil.example",
    "",
    None,  # no Host at all
]


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("host", FOREIGN)
def test_a_foreign_host_is_refused_on_every_route(served: tuple[int, Gallery], route: str, host: str | None) -> None:
    port, _ = served
    status, body = ask(port, route, None if host is None else host.format(port=port))
    assert status == 403
    assert b"rules" not in body and b"finding" not in body and b"PNG" not in body and b"data:" not in body


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LocalHost:{port}", "[::1]:{port}"])
def test_this_computer_by_its_names_is_answered(served: tuple[int, Gallery], host: str) -> None:
    port, _ = served
    assert ask(port, "/out/en/rulebook.html", host.format(port=port)) == (200, b"<p>the rules</p>")
    assert ask(port, f"/picture/{KEY}.png", host.format(port=port)) == (200, PNG)
    status, body = ask(port, "/state.json", host.format(port=port))
    assert status == 200 and json.loads(body)["links"] == {"en": {"rulebook.html": "/out/en/rulebook.html"}}


BAD_PATHS = [
    "/out/a%00b",
    "/out/en/rulebook.html%00",
    "/out/" + "a" * 300,
    "/out/" + "a" * 300 + "/b",
    "/out/" + "a/" * 3000,
    "/picture/" + "a" * 300 + ".png",
    "/picture/%00.png",
    "/out/loop",
    "/out/loop/x",
    "/out/ping",
    "/out/outside",
    "/out/../secret.txt",
    "/out/%2e%2e/secret.txt",
    "/out/en/../../secret.txt",
    "/out/en",
    "/out/",
    "/out/pipe",
    "/out/%ff%fe",
    "/nothing",
    "http://127.0.0.1:{port}/state.json",  # a whole address names another server
]


def test_every_bad_path_is_404_and_the_terminal_stays_quiet(
    served: tuple[int, Gallery], capfd: pytest.CaptureFixture[str]
) -> None:
    port, _ = served
    for path in BAD_PATHS:
        status, body = ask(port, path.format(port=port), f"127.0.0.1:{port}")
        assert status == 404, path
        assert b"not for the web" not in body
    assert ask(port, "/out/en/rulebook.html", f"localhost:{port}")[0] == 200  # still serving
    printed = capfd.readouterr()
    assert printed.out == "" and printed.err == ""


def test_connections_are_capped_and_the_next_wait_their_turn(tmp_path: Path) -> None:
    gallery = Gallery()
    server = serve(gallery, tmp_path, 0, idle=WAIT, most=2)
    port, before = server.server_port, threading.active_count()
    try:
        streams = [events(port), events(port)]  # two pages open: the 2 places are taken
        crowd = [socket.create_connection(("127.0.0.1", port), timeout=WAIT) for _ in range(8)]
        for sock in crowd:
            sock.sendall(f"GET /state.json HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        time.sleep(0.5)
        assert threading.active_count() - before <= 2  # no thread for those who wait
        crowd[0].settimeout(0.2)
        with pytest.raises(TimeoutError):  # nor an answer
            crowd[0].recv(64)
        crowd[0].settimeout(WAIT)
        for stream in streams:  # the pages closed: their streams end at their next event
            stream.close()
        for _ in range(3):
            gallery.say([])
            time.sleep(0.1)
        for sock in crowd:  # each answered in turn
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
            assert answer.startswith(b"HTTP/1.0 200 ")
            sock.close()
        assert threading.active_count() - before <= 2
    finally:
        server.shutdown()
        server.server_close()


def test_a_silent_connection_is_let_go(tmp_path: Path) -> None:
    server = serve(Gallery(), tmp_path, 0, idle=1.0, most=1)
    try:
        port = server.server_port
        started = time.monotonic()
        with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as silent:
            assert silent.recv(64) == b""  # closed by the server, without an answer
        assert 0.9 < time.monotonic() - started < WAIT
        assert ask(port, "/state.json", f"127.0.0.1:{port}")[0] == 200  # its one place is free again
    finally:
        server.shutdown()
        server.server_close()


def test_the_event_stream_outlives_the_idle_limit(served: tuple[int, Gallery]) -> None:
    port, gallery = served
    with events(port) as stream:
        time.sleep(2.5)  # more than twice the idle limit: the stream only writes, nothing to time out
        gallery.say(["warning: later"])
        assert f"data: {gallery.version}".encode() in next_event(stream)


@pytest.mark.parametrize("port", ["99999", "-1", "65536"])
def test_a_bad_port_is_one_line_and_exit_2(tmp_path: Path, port: str) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["watch", "--pack", str(default_pack()), "--out", str(out), "--port", port])
    assert_clean_outcome(result, 2)
    assert result.stderr == f"error: --port: must be 1 to 65535, or 0 for any free one (got {port})\n"
    assert not out.exists()


LUCKY = '"C. Lucky Luciano"'
TOO_LONG = '"C. Lucky Luciano, the boss of every boss in Lisbon"'  # does not fit the card's name


def _state(url: str) -> tuple[dict[str, Any], str]:
    with urlopen(f"{url}/state.json", timeout=WAIT) as answer:
        text = answer.read().decode()
    return json.loads(text), text


def _until(
    url: str, process: subprocess.Popen[str], done: Callable[[dict[str, Any]], object], seconds: float = 180
) -> tuple[dict[str, Any], str]:
    """The page's state (and its text) once `done` holds; the test fails if the watch ends or time runs out."""
    deadline = time.monotonic() + seconds
    while True:
        state, text = _state(url)
        if done(state):
            return state, text
        assert time.monotonic() < deadline and process.poll() is None, state
        time.sleep(0.2)


def _files(out: Path) -> dict[str, bytes]:
    return {str(f.relative_to(out)): f.read_bytes() for f in sorted(out.rglob("*")) if f.is_file()}


@pytest.mark.slow
def test_a_pack_build_refuses_is_shown_never_written_and_the_last_good_set_stays(tmp_path: Path) -> None:
    pack, out = tmp_path / "pack", tmp_path / "out"
    shutil.copytree(default_pack(), pack)
    characters = pack / "characters.yaml"
    good = characters.read_text(encoding="utf-8")
    characters.write_text(good.replace(LUCKY, TOO_LONG, 1), encoding="utf-8")
    refused = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out), "--quiet"])
    assert refused.exit_code == 2 and not out.exists()
    finding = refused.stderr.splitlines()[0]
    assert "characters/lucky_luciano [en]: name: text does not fit" in finding

    command = [sys.executable, "-m", "estoril_pnp", "watch", "--pack", str(pack), "--out", str(out), "--port", "0"]
    process = subprocess.Popen(
        command, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        url = process.stdout.readline().split()[2].rstrip("/")
        state, text = _until(url, process, lambda s: s["findings"])
        assert state["findings"] == [finding] and state["links"] == {}  # build's words; no set
        assert not out.exists() or _files(out) == {}
        assert str(tmp_path) not in text  # no absolute path in the page's state
        assert any(p["name"] == "characters/lucky_luciano" for p in state["pictures"])  # the overflow, to look at

        characters.write_text(good, encoding="utf-8")  # fixed: the set is built
        state, text = _until(url, process, lambda s: s["links"] and not s["findings"])
        built = _files(out)
        assert "en/a4/characters.pdf" in built and "en/rulebook.html" in built
        assert str(tmp_path) not in text

        characters.write_text(good.replace(LUCKY, TOO_LONG, 1), encoding="utf-8")  # broken again
        state, _ = _until(url, process, lambda s: s["findings"])
        assert state["findings"] == [finding]
        assert state["links"]["en"]["characters.pdf"] == "/out/en/a4/characters.pdf"  # the last good set…
        assert _files(out) == built  # …stays as it was
        with urlopen(url + "/out/en/a4/characters.pdf", timeout=WAIT) as answer:
            assert answer.read() == built["en/a4/characters.pdf"]
    finally:
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=60)
    assert f"error: {finding.removeprefix('error: ')}" in err.splitlines()
    assert "Traceback" not in err


@pytest.mark.slow
def test_the_page_state_names_no_absolute_path(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(default_pack(), pack)
    line = replace_once(pack / "characters.yaml", f"{LUCKY},  nationality: IT, strength: 5,", f"{LUCKY}, strength: [5,")
    command = [sys.executable, "-m", "estoril_pnp", "watch", "--pack", str(pack), "--out", str(tmp_path / "out")]
    process = subprocess.Popen(
        [*command, "--port", "0"], env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        url = process.stdout.readline().split()[2].rstrip("/")
        state, text = _until(url, process, lambda s: s["findings"], seconds=60)
        assert state["findings"][0].startswith(f"error: characters.yaml:{line}: ")  # named from the pack
        assert str(tmp_path) not in text and "/tmp" not in text
    finally:
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=60)
    assert f"error: {pack}/characters.yaml:{line}: " in err  # the terminal says where, as build does
