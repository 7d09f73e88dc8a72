"""Play across machines: a host runs the one true game, remote seats send actions and
receive only their own view and events. Pure Python, no pygame.

- `protocol`: the versioned JSON messages and their checks; `updates`, `patch`: the one update a
  seat or a watcher is sent, for every kind of table.
- `host`: one table's authority (tokens, seats away and back, refusals), composed of a clock
  (`turn_clock`, `tick_clock`) and a loop (`host_loops`), with its watchers (`spectators`).
- `server`: the websocket server and its lobby of many tables, kept in a store (`store`, `keeping`)
  so a restart resumes them; `client`: a remote seat or a watcher (`staying`: one that reconnects).
- `discovery`: zeroconf advertising and browsing on the local network, only when asked.
- `over_network`: `simulate --over-network`, the same games as `simulate` through real sockets.
"""
