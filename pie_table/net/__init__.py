"""Play across machines (issue 23): a host runs the one true game, remote seats send actions and
receive only their own view and events. Pure Python, no pygame.

- `protocol`: the versioned JSON messages and their checks.
- `host`: one table's authority (tokens, seats away and back, refusals, strikes).
- `server`: the websocket server and its lobby of many tables; `client`: a remote seat.
- `discovery`: zeroconf advertising and browsing on the local network, only when asked.
- `over_network`: `simulate --over-network`, the same games as `simulate` through real sockets.
"""
