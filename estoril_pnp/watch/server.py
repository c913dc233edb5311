"""The gallery's web server: the standard library's, bound to this computer alone (127.0.0.1).

/                 the page (templates/watch/index.html)
/state.json       what the gallery shows now: pictures, findings, links
/events           server-sent events: the version, each time the gallery changes
/picture/KEY.png  a picture, by its content key (never changes: cached for good)
/out/PATH         a file of the build (the rulebook, the score page, the PDFs)
"""

from __future__ import annotations

import json
import mimetypes
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..errors import Finding, InputError
from ..files.resources import resource_dir
from .gallery import Gallery

HOST = "127.0.0.1"
KEEP_ALIVE = 10.0  # seconds between two comments on a quiet event stream: a closed page is noticed


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # a page left open never holds the program at its end
    gallery: Gallery
    out_dir: Path


def serve(gallery: Gallery, out_dir: Path, port: int) -> _Server:
    """The server, answering from a thread of its own; InputError if the port is taken."""
    try:
        server = _Server((HOST, port), _Handler)
    except OSError as exc:
        why = f"cannot serve on {HOST}:{port}: {exc.strerror or exc}; choose another --port (0: any free one)"
        raise InputError([Finding("--port", None, "", why)]) from None
    server.gallery, server.out_dir = gallery, out_dir.resolve()
    threading.Thread(target=server.serve_forever, name="gallery-server", daemon=True).start()
    return server


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:
        path = unquote(urlsplit(self.path).path)
        try:
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
            elif path.startswith("/out/"):
                self._file(path.removeprefix("/out/"))
            else:
                self.send_error(HTTPStatus.NOT_FOUND)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page went away mid-answer

    def _send(self, body: bytes, kind: str, cache: str) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.end_headers()
        self.wfile.write(body)

    def _file(self, relative: str) -> None:
        top = self.server.out_dir
        target = (top / relative).resolve()
        if top not in target.parents or not target.is_file():  # nothing outside the build's folder
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        self._send(target.read_bytes(), kind, "no-store")

    def _events(self) -> None:
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
