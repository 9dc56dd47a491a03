"""How the server runs: uvicorn with every limit a device on the Wi-Fi could otherwise push past.

One broken or hostile phone must not spoil the evening for the others, so each
resource one connection can hold has a bound, set here in one place (and listed
in the README): how many connections at once, how long one may wait before its
first request or idle between requests, how large a websocket message may be
once inflated, how often a websocket must answer a ping.
"""
from __future__ import annotations

import functools
import gc
import sys
from typing import Any

import uvicorn

from companion.server import log_pace
from companion.server.connections import ConnectionLimits, GuardedHTTP, Waiting

KEEP_ALIVE_SECONDS = 5  # an idle keep-alive connection closes after its last answer
# One websocket message, after decompression: the largest a screen sends is its registration
# (about 1 KB); every text in it is bounded far lower (device_frames.MAX_TEXT).
WS_MAX_BYTES = 64 * 1024
WS_MAX_QUEUE = 16  # messages received but not yet read by the app, per websocket
PING_SECONDS = 20  # a websocket that does not answer a ping within this long is closed


def config(app: Any, host: str, port: int, limits: ConnectionLimits | None = None) -> uvicorn.Config:
    limits = limits or ConnectionLimits.within_open_files()
    return uvicorn.Config(
        app, host=host, port=port, log_level="warning",
        http=functools.partial(GuardedHTTP, limits=limits, waiting=Waiting()),
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        # uvicorn's own bound counts running tasks too: above the connection bound, so it only
        # ever answers 503 when requests pile up inside the app, not for the connections themselves.
        limit_concurrency=limits.connections * 2,
        ws_max_size=WS_MAX_BYTES, ws_max_queue=WS_MAX_QUEUE, ws_per_message_deflate=True,
        ws_ping_interval=PING_SECONDS, ws_ping_timeout=PING_SECONDS,
    )


def settle_heap() -> None:
    """Take what start-up built (the imports, the rules index, the strings, the app) out of the
    cyclic collector's sight. It lives as long as the server, yet every full collection walked it
    again, on whichever thread was allocating, the event loop included, with every device
    waiting: 40-77 ms in a game under way, about once in 60 changes. bench/gc_pause.py (5 tables
    of 6 devices): a full collection took 46-52 ms, 21-22 ms with start-up frozen. Start-up's
    garbage goes first, so nothing dead is kept for good."""
    gc.collect()
    gc.freeze()


# How long a thread may keep the interpreter while another waits for it (Python's default: 5 ms).
LOOP_SWITCH_SECONDS = 0.001


def favour_the_loop() -> None:
    """Hand the interpreter back to the event loop sooner. A large table opens in a worker thread
    (its file parsed, its events replayed) so the loop stays free, yet the loop still waits for the
    interpreter lock each time it wakes, up to the switch interval, and it wakes many times while
    drawing one screen: the waits added up to 66 ms of lag (p99) while a 40k-event table opened
    (bench/open_lag.py). At 1 ms they stay a few ms; the cost, more switches between busy
    threads, is measured by bench/fanout.py."""
    sys.setswitchinterval(LOOP_SWITCH_SECONDS)


def serve(app: Any, host: str, port: int) -> None:
    settle_heap()
    favour_the_loop()
    settings = config(app, host, port)
    Server(settings, log_pace.install()).run()  # paced after uvicorn's Config has set its loggers up


class Server(uvicorn.Server):
    """uvicorn's server, which writes the held-back log counts as it shuts down: after a signal,
    uvicorn raises the signal again once run() is done, so code after run() never runs."""

    def __init__(self, config: uvicorn.Config, paced: log_pace.Paced) -> None:
        super().__init__(config)
        self.paced = paced

    async def shutdown(self, sockets: list | None = None) -> None:
        await super().shutdown(sockets)
        self.paced.flush()
