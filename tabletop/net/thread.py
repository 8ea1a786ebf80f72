"""Network play inside the app: an asyncio loop on a thread of its own, and the bridge that runs
the match's code on the thread that owns the match (the app's GUI thread).

The match is only ever touched by one thread: the network coroutines ask the bridge, and the
owner drains it (the controller's timer, every 30 ms).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from typing import Any, Callable, Coroutine


class NetThread:
    def __init__(self, name: str = "tabletop-net") -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()
        pending = asyncio.all_tasks(self.loop)
        for task in pending:
            task.cancel()
        self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        self.loop.close()

    def submit(self, coro: Coroutine) -> concurrent.futures.Future:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self, timeout: float = 3.0) -> None:
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout)


class Bridge:
    """Functions the network thread wants run on the owner's thread, with their answers."""

    def __init__(self) -> None:
        self.q: queue.SimpleQueue = queue.SimpleQueue()

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        fut: concurrent.futures.Future = concurrent.futures.Future()
        self.q.put((fn, args, fut))
        return await asyncio.wrap_future(fut)

    def drain(self) -> None:
        while True:
            try:
                fn, args, fut = self.q.get_nowait()
            except queue.Empty:
                return
            if fut.set_running_or_notify_cancel():
                try:
                    fut.set_result(fn(*args))
                except BaseException as exc:        # handed to the coroutine that asked
                    fut.set_exception(exc)
