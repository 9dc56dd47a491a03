"""What a test that runs too long leaves behind: a diagnosis, then a failure, never a stuck CI.

CI has hung at 99% with a browser test waiting forever on a Chromium renderer that spun at
70-83% CPU while the app's server sat idle. Some Playwright calls have no timeout
(`locator.count()`, `evaluate`, `page.mouse.*`), so such a test never ends by itself.

pytest-timeout (pyproject: `timeout`) arms a timer per test; tests/conftest.py hands the timer
to `Watch` instead, which ends a test that outlives its timeout without ending its worker where
it can: pytest-xdist 3.8 with `--dist loadfile` can wait forever once a worker has been replaced
(pytest-xdist#1313; a CI run here did), so .ci/run does not replace one, and a worker ended
means a run cut short.

- An in-process test gets SIGALRM, as pytest-timeout's `signal` method does: it fails where it
  runs, with that stack, and the worker goes on.
- A browser test waits in Playwright's event loop, where an exception would break the browser
  for the module's next tests. A thread watches it instead. `rescue` prints (into the test's
  captured output, shown with its failure) the stack of the waiting call, this worker's
  Chromium renderers with their CPU and busiest threads, and for every page of this worker's
  browsers what its main thread runs: a short CPU profile and a paused JS stack through the
  DevTools port (`debug_args`), or that the main thread does not answer. Then it kills the busy
  renderers (all of them if none is busy): a Playwright call waiting on a killed page fails at
  once with "Target crashed", so the test fails like any other.
- If a browser test still has not ended a minute later (it waits on something else),
  `last_resort` writes the stacks to the worker's real stderr, which reaches the CI log, and
  ends the worker as pytest-timeout's `thread` method would (os._exit).
"""
from __future__ import annotations

import collections
import gc
import json
import os
import signal
import socket
import sys
import threading
import time
import traceback
import urllib.request

import psutil
import pytest

GRACE_S = 60  # after the rescue, how long the test may take to fail before its worker is ended
BUSY_PERCENT = 30  # a renderer above this much CPU over a second counts as spinning

_DEBUG_PORTS: list[int] = []  # this worker's browsers' DevTools ports (`debug_args`)


def debug_args() -> list[str]:
    """Chromium arguments for a browser the rescue can look into; call `forget_port` when it
    closes. The port only listens on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    _DEBUG_PORTS.append(port)
    return [f"--remote-debugging-port={port}"]


def forget_port(args: list[str]) -> None:
    for arg in args:
        if arg.startswith("--remote-debugging-port="):
            port = int(arg.split("=", 1)[1])
            if port in _DEBUG_PORTS:
                _DEBUG_PORTS.remove(port)


class Watch:
    """One test's timer. An in-process test on the main thread: SIGALRM at `timeout` seconds.
    Otherwise a thread: `rescue` at `timeout` (browser tests only), `last_resort` GRACE_S later.
    `cancel` when the test ends."""

    def __init__(self, item, timeout: float, browser: bool) -> None:
        self.item, self.timeout, self.browser = item, timeout, browser
        self.main = threading.main_thread().ident
        self.done = threading.Event()
        self.thread: threading.Thread | None = None
        if not browser and threading.get_ident() == self.main:
            signal.signal(signal.SIGALRM, self._alarm)
            signal.setitimer(signal.ITIMER_REAL, timeout)
        else:
            self.thread = threading.Thread(target=self._run, daemon=True, name=f"watch {item.nodeid}")
            self.thread.start()

    def cancel(self) -> None:
        if self.thread is None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            return
        self.done.set()
        self.thread.join()

    def _alarm(self, signum, frame) -> None:
        __tracebackhide__ = True
        stack = traceback.extract_stack(frame)
        start = next((i for i, f in enumerate(stack) if f.filename == str(self.item.fspath)), -12)
        pytest.fail(f"Timeout: the test ran over {self.timeout:g} s, in:\n"
                    + "".join(traceback.format_list(stack[start:])), pytrace=False)

    def _run(self) -> None:
        if self.done.wait(self.timeout):
            return
        if self.browser:
            try:
                rescue(self.item.nodeid, self.timeout, self.main)
            except Exception:  # a diagnosis that breaks must not keep the test stuck
                traceback.print_exc(file=sys.stdout)
            if self.done.wait(GRACE_S):
                return
        last_resort(self.item, self.timeout, self.main)


def _stack(ident: int | None) -> str:
    """The thread's stack, from the first frame in tests/ on if there is one (pytest's and
    pluggy's frames below it say nothing)."""
    frame = sys._current_frames().get(ident) if ident is not None else None
    if frame is None:
        return "(no such thread)\n"
    for stack in [traceback.extract_stack(frame), *_greenlet_stacks()]:
        start = next((i for i, f in enumerate(stack) if _in_tests(f.filename)), None)
        if start is not None:
            return "".join(traceback.format_list(stack[start:]))
    return "".join(traceback.format_stack(frame))


def _in_tests(filename: str) -> bool:
    return f"{os.sep}tests{os.sep}" in filename


def _greenlet_stacks() -> list[traceback.StackSummary]:
    """The stacks of suspended greenlets: a test waiting in Playwright's sync API is one (the
    thread itself runs Playwright's event loop in another greenlet)."""
    try:
        from greenlet import greenlet
    except ImportError:
        return []
    return [traceback.extract_stack(g.gr_frame) for g in gc.get_objects()
            if isinstance(g, greenlet) and g.gr_frame is not None]


def _say(text: str) -> None:
    print(text, flush=True)


def rescue(nodeid: str, timeout: float, main: int | None) -> None:
    _say(f"\n{'+' * 20} {nodeid} still runs after {timeout:g} s: diagnosis {'+' * 20}")
    _say("The test's thread waits in:\n" + _stack(main))
    renderers = _renderers()
    busy = [p for p, cpu in renderers.items() if cpu >= BUSY_PERCENT]
    for proc, cpu in renderers.items():
        _say(f"renderer {proc.pid}: {cpu:.0f}% CPU, up {time.time() - _created(proc):.0f} s; "
             f"busiest threads: {_busiest_threads(proc)}")
    for port in list(_DEBUG_PORTS):
        for target in _pages(port):
            _say(f"page {target.get('url', '?')[:120]}:")
            _say(_look_into(target))
    victims = busy or list(renderers)
    _say(f"killing renderer(s) {[p.pid for p in victims]}: the waiting call fails with 'Target crashed'")
    for proc in victims:
        try:
            proc.kill()
        except psutil.Error:
            pass
    _say("+" * 60)


def last_resort(item, timeout: float, main: int | None) -> None:
    """pytest-timeout's end of a stuck test, but written where pytest-xdist's controller shows
    it (the worker's own stdout is not shown), with what the test had printed."""
    out = err = ""
    capman = item.config.pluginmanager.getplugin("capturemanager")
    try:
        if capman:
            capman.suspend_global_capture(item)
            out, err = capman.read_global_capture()
    except Exception:
        pass
    text = [f"\n{'+' * 20} Timeout: {item.nodeid} ran over {timeout:g} s (+{GRACE_S} s); "
            f"ending its worker {'+' * 20}\n"]
    if out:
        text.append(f"~~~ captured stdout\n{out}\n")
    if err:
        text.append(f"~~~ captured stderr\n{err}\n")
    me = threading.get_ident()
    names = {t.ident: t.name for t in threading.enumerate()}
    for ident in sys._current_frames():
        if ident != me:
            text.append(f"~~~ stack of {names.get(ident, '?')} ({ident})\n{_stack(ident)}")
    sys.__stderr__.write("".join(text))
    sys.__stderr__.flush()
    os._exit(1)


def _renderers() -> dict[psutil.Process, float]:
    """This worker's Chromium renderers (children of its Playwright drivers) and their CPU
    percent over one second."""
    found = []
    for proc in psutil.Process().children(recursive=True):
        try:
            if "--type=renderer" in proc.cmdline():
                proc.cpu_percent(None)
                found.append(proc)
        except psutil.Error:
            pass
    time.sleep(1)
    cpu = {}
    for proc in found:
        try:
            cpu[proc] = proc.cpu_percent(None)
        except psutil.Error:
            pass
    return cpu


def _created(proc: psutil.Process) -> float:
    try:
        return proc.create_time()
    except psutil.Error:
        return time.time()


def _busiest_threads(proc: psutil.Process) -> str:
    """The renderer's threads by CPU over half a second, by name: the main thread (the page's JS,
    layout and semantics) goes by the process's name, `chromium`; Compositor and the raster
    workers draw."""
    def sample() -> dict[int, float]:
        try:
            return {t.id: t.user_time + t.system_time for t in proc.threads()}
        except psutil.Error:
            return {}
    before = sample()
    time.sleep(0.5)
    after = sample()
    used = collections.Counter({tid: after[tid] - before.get(tid, 0.0) for tid in after})
    parts = []
    for tid, secs in used.most_common(4):
        try:
            with open(f"/proc/{proc.pid}/task/{tid}/comm") as f:
                name = f.read().strip()
        except OSError:
            name = "?"
        parts.append(f"{name} {secs / 0.5:.0%}")
    return ", ".join(parts) or "?"


def _pages(port: int) -> list[dict]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5) as resp:
            return [t for t in json.loads(resp.read()) if t.get("type") == "page"]
    except (OSError, ValueError) as err:
        _say(f"DevTools port {port}: {err}")
        return []


def _look_into(target: dict) -> str:
    """What the page's main thread runs: a 2 s CPU profile's top functions by own samples and a
    paused stack, or that it does not answer in 5 s (busy in one long task)."""
    from websockets.sync.client import connect

    lines: list[str] = []
    try:
        with connect(target["webSocketDebuggerUrl"], open_timeout=5, max_size=None) as ws:
            calls = iter(range(1, 1000))

            def call(method: str, params: dict | None = None, wait: float = 5) -> dict | None:
                ident = next(calls)
                ws.send(json.dumps({"id": ident, "method": method, "params": params or {}}))
                deadline = time.monotonic() + wait
                while (left := deadline - time.monotonic()) > 0:
                    try:
                        msg = json.loads(ws.recv(timeout=left))
                    except TimeoutError:
                        return None
                    if msg.get("id") == ident:
                        return msg.get("result", msg.get("error"))
                    if msg.get("method") == "Debugger.paused":
                        lines.append("  paused JS stack:")
                        lines.extend(f"    {_where(f)}" for f in msg["params"]["callFrames"][:15])
                return None

            state = call("Runtime.evaluate", {"expression": "document.readyState + ', ' + "
                                              "document.querySelectorAll('flt-semantics').length + ' semantics nodes'",
                                              "returnByValue": True})
            if state is None:
                return "  its main thread does not answer in 5 s (one long task)"
            lines.append(f"  answers: {state.get('result', {}).get('value')}")
            call("Profiler.enable")
            call("Profiler.setSamplingInterval", {"interval": 1000})
            call("Profiler.start")
            time.sleep(2)
            profile = (call("Profiler.stop") or {}).get("profile")
            if profile:
                lines.append("  2 s CPU profile, most own samples:")
                lines.extend(f"    {line}" for line in _top(profile) or ["(no samples)"])
            call("Debugger.enable")
            call("Debugger.pause", wait=3)
            call("Debugger.resume")
    except Exception as err:
        lines.append(f"  DevTools: {type(err).__name__}: {err}")
    return "\n".join(lines)


def _where(frame: dict) -> str:
    loc = frame.get("location", {})
    return f"{frame.get('functionName') or '<anonymous>'} {frame.get('url', '')[-60:]}:" \
           f"{loc.get('lineNumber', 0) + 1}:{loc.get('columnNumber', 0) + 1}"


def _top(profile: dict, n: int = 12) -> list[str]:
    total = sum(node.get("hitCount", 0) for node in profile["nodes"]) or 1
    hits: collections.Counter = collections.Counter()
    for node in profile["nodes"]:
        cf = node["callFrame"]
        key = f"{cf.get('functionName') or '<anonymous>'} {cf.get('url', '')[-60:]}:{cf.get('lineNumber', 0) + 1}"
        hits[key] += node.get("hitCount", 0)
    return [f"{count / total:5.1%} {key}" for key, count in hits.most_common(n) if count]
