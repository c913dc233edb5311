"""The gallery's web server: the standard library's, bound to this computer alone (127.0.0.1).

/                 the page (templates/watch/index.html)
/state.json       what the gallery shows now: pictures, findings, links
/events           server-sent events: the version, each time the gallery changes
/picture/KEY.png  a picture, by its content key (never changes: cached for good)
/out/PATH         a file of the build (the rulebook, the score page, the PDFs)

Any web page the user opens can send requests here, so every request is distrusted: one whose
Host is not this computer at this port gets 403 (a page of another site whose name was made to
point at 127.0.0.1, "DNS rebinding", must not read the gallery); every path that names no file
of the build gets 404, whatever it holds; no request prints to the terminal; at most `most`
connections are served at once (each by a thread; the next wait for a place), and one that sends
nothing, or takes nothing, for `idle` seconds is closed.
"""

from __future__ import annotations

import json
import mimetypes
import os
import socket
import stat
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote

from ..errors import Finding, InputError
from ..files.resources import resource_dir
from .gallery import Gallery

HOST = "127.0.0.1"
NAMES = (HOST, "localhost", "[::1]")  # what a browser on this computer calls it
KEEP_ALIVE = 10.0  # seconds between two comments on a quiet event stream: a closed page is noticed
IDLE = 30.0  # seconds a connection may wait for its request, or for the page to take an answer
MOST = 32  # connections at once: each open page holds one event stream, and loads pictures on up to 6
PORTS = range(0, 65536)  # 0: any free port, chosen by the system


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # a page left open never holds the program at its end
    request_queue_size = 64  # connections waiting for a place: the system holds them, not a thread
    gallery: Gallery
    out_dir: Path
    hosts: frozenset[str]  # the Host headers this server answers
    idle: float
    slots: threading.BoundedSemaphore

    def process_request(self, request: socket.socket, client_address: object) -> None:  # type: ignore[override]
        # full: the connection waits, unread and without a thread, for a place (the next ones wait in
        # the system's queue); one that finds none within `idle` seconds is closed unanswered
        if not self.slots.acquire(timeout=self.idle):
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:  # no thread was started to give the slot back
            self.slots.release()
            raise

    def process_request_thread(self, request: socket.socket, client_address: object) -> None:  # type: ignore[override]
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request: object, client_address: object) -> None:
        """Quiet: a request, whatever it holds, never writes to the terminal (a page could fill it)."""


def serve(gallery: Gallery, out_dir: Path, port: int, idle: float = IDLE, most: int = MOST) -> _Server:
    """The server, answering from a thread of its own; InputError if the port is no port or is taken."""
    if port not in PORTS:
        raise InputError([Finding("--port", None, "", f"must be 1 to 65535, or 0 for any free one (got {port})")])
    try:
        server = _Server((HOST, port), _Handler)
    except OSError as exc:
        why = f"cannot serve on {HOST}:{port}: {exc.strerror or exc}; choose another --port (0: any free one)"
        raise InputError([Finding("--port", None, "", why)]) from None
    server.gallery, server.out_dir = gallery, out_dir.resolve()
    port = server.server_port
    server.hosts = frozenset(f"{name}:{port}" for name in NAMES) | frozenset(NAMES if port == 80 else ())
    server.idle, server.slots = idle, threading.BoundedSemaphore(most)
    threading.Thread(target=server.serve_forever, name="gallery-server", daemon=True).start()
    return server


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def setup(self) -> None:
        self.timeout = self.server.idle  # every read and write on the socket: a silent peer is let go
        super().setup()

    def do_GET(self) -> None:
        try:
            if (self.headers.get("Host") or "").lower() not in self.server.hosts:
                self.send_error(HTTPStatus.FORBIDDEN)
                return
            self._answer()
        except OSError:
            pass  # the page went away mid-answer, or stopped taking it

    def _answer(self) -> None:
        # only a path: a request naming a whole address ("GET http://…") names another server
        path = unquote(self.path.partition("?")[0]) if self.path.startswith("/") else ""
        if path == "/":
            page = (resource_dir("templates") / "watch" / "index.html").read_bytes()
            self._send(page, "text/html; charset=utf-8", "no-store")
        elif path == "/state.json":
            self._send(json.dumps(self.server.gallery.state()).encode(), "application/json", "no-store")
        elif path == "/events":
            self._events()
        elif path.startswith("/picture/") and path.endswith(".png"):
            png = self.server.gallery.png(path.removeprefix("/picture/").removesuffix(".png"))
            if png is None:
                self.send_error(HTTPStatus.NOT_FOUND)
            else:
                self._send(png, "image/png", "max-age=31536000, immutable")
        elif path.startswith("/out/") and (body := _built(self.server.out_dir, path.removeprefix("/out/"))):
            self._send(body[1], mimetypes.guess_type(body[0].name)[0] or "application/octet-stream", "no-store")
        else:
            self.send_error(HTTPStatus.NOT_FOUND)

    def _send(self, body: bytes, kind: str, cache: str) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.end_headers()
        self.wfile.write(body)

    def _events(self) -> None:
        # the stream only writes: the idle limit ends it only when the page stops taking events
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        gallery, seen = self.server.gallery, -1
        while True:
            with gallery.changed:
                gallery.changed.wait_for(lambda last=seen: gallery.version != last, timeout=KEEP_ALIVE)
                version = gallery.version
            self.wfile.write(f"data: {version}\n\n".encode() if version != seen else b": still here\n\n")
            self.wfile.flush()
            seen = version

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the terminal shows the pack's findings, not every request."""


def _built(top: Path, relative: str) -> tuple[Path, bytes] | None:
    """A file of the build by its path in the build's folder; None for whatever is not one (outside
    the folder, a folder, a link that loops, a name the system refuses, a file gone meanwhile)."""
    try:
        target = (top / relative).resolve(strict=True)
        if top not in target.parents:
            return None
        # opened without waiting, then checked: a pipe put in the folder never holds the thread
        with os.fdopen(os.open(target, os.O_RDONLY | os.O_NONBLOCK), "rb") as file:
            return (target, file.read()) if stat.S_ISREG(os.fstat(file.fileno()).st_mode) else None
    except (OSError, ValueError, RuntimeError):  # ValueError: a NUL; RuntimeError: a link loop (3.11)
        return None
