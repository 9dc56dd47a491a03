"""The server's edge: everything between the Wi-Fi and the table.

`app` assembles the one ASGI app (JSON API and Flet web app); the other modules
each bound or check one thing a device on the network could push past (connections,
websocket frames, host names, log lines, open files) or say how the server is reached
and run. This file imports nothing: `companion.server.serving` and the rest load
without Flet, which `app` imports only once its environment is set.
"""
