"""Read-only WebSockets that push what a queue gets (the lobby's list, a league) until the
client goes away; nothing a client sends is acted on."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import WebSocket, WebSocketDisconnect


async def relay(ws: WebSocket, queue: asyncio.Queue[str]) -> None:
    """Send every message the queue gets until the client disconnects. The client's frames are
    read (and dropped) meanwhile: that is how its going away is noticed."""

    async def drain() -> None:
        with contextlib.suppress(WebSocketDisconnect):
            while (await ws.receive())["type"] != "websocket.disconnect":
                pass

    reader = asyncio.create_task(drain())
    try:
        while not reader.done():
            getter = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({getter, reader}, return_when=asyncio.FIRST_COMPLETED)
            if getter not in done:
                getter.cancel()
                break
            await ws.send_text(getter.result())
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        reader.cancel()
