"""Join links with a path prefix (a proxy's route to one of several processes), the one spelling
of a server's address, the address a trusted proxy forwards, and the command line's one-line
answers to a link or flag that is wrong."""

from __future__ import annotations

import pytest

from pie_table.cli.main import main
from pie_table.net.forwarded import client_address, proxy_addresses
from pie_table.net.join_link import join_link, parse_join_link, server_url


@pytest.mark.parametrize(("link", "parsed"), [
    ("ws://h:9230/a/1?code=ABC", ("ws://h:9230/a/", "1", "ABC")),
    ("wss://example.org/games/b/12?code=XY", ("wss://example.org/games/b/", "12", "XY")),
    ("ws://h:9230/1?code=ABC", ("ws://h:9230", "1", "ABC")),
    (" ws://h:9230/a/1/?code=ABC\n", ("ws://h:9230/a/", "1", "ABC")),
])
def test_a_link_names_the_server_with_its_prefix_the_table_and_the_code(link: str, parsed: tuple) -> None:
    assert parse_join_link(link) == parsed
    assert parse_join_link(join_link(*parsed)) == parsed


@pytest.mark.parametrize("link", ["http://h/a/1?code=X", "ws://h:9230/a/1", "ws://h:9230/?code=X", "ws:///1?code=X"])
def test_what_is_not_a_join_link_is_none(link: str) -> None:
    assert parse_join_link(link) is None


def test_an_address_has_one_spelling_with_or_without_its_last_slash() -> None:
    assert server_url("ws://h:9230/a") == server_url("ws://h:9230/a/") == "ws://h:9230/a/"
    assert server_url("ws://h:9230/") == server_url("ws://h:9230") == "ws://h:9230"
    assert server_url(" wss://h/x//y/ ") == "wss://h/x//y/"
    assert server_url("h:9230") == "h:9230"  # not an address a client can use: left for it to say so


def test_only_a_trusted_proxy_is_believed_about_its_client() -> None:
    trusted = frozenset({"127.0.0.1"})
    assert client_address("127.0.0.1", "198.51.100.7", trusted) == "198.51.100.7"
    # What the client wrote itself comes first; the proxy's own entry is the last one.
    assert client_address("127.0.0.1", "203.0.113.1, 198.51.100.7", trusted) == "198.51.100.7"
    assert client_address("192.0.2.5", "198.51.100.7", trusted) == "192.0.2.5"
    assert client_address("127.0.0.1", None, trusted) == "127.0.0.1"
    assert client_address("127.0.0.1", "unknown", trusted) == "127.0.0.1"
    assert proxy_addresses([" 127.0.0.1", "::1"]) == frozenset({"127.0.0.1", "::1"})
    with pytest.raises(ValueError, match="nginx"):
        proxy_addresses(["nginx"])


@pytest.mark.parametrize(("argv", "said"), [
    (["join", "ws://h:1/a/1", "--seat", "1"],
     "error: ws://h:1/a/1: expected ws://HOST:PORT[/PREFIX]/TABLE?code=CODE (or wss://)"),
    (["join", "ws://h:1/a/1?code=X", "--seat", "1", "--seats", "remote"],
     "error: --seats and --option go with --create (a join link's table is made already)"),
    (["join", "ws://h:1/a/", "--create", "rats", "--seat", "1"],
     "error: --create needs --seats, e.g. --seats remote,remote,bot:normal"),
    (["join", "ws://h:1/a/1?code=X", "--create", "rats", "--seats", "remote,bot:normal", "--seat", "1"],
     "error: --create ws://h:1/a/1?code=X: expected a lobby's address, ws://HOST:PORT[/PREFIX/] (or wss://)"),
    (["join", "ws://h:1/a/", "--create", "chess", "--seats", "remote,remote", "--seat", "1"],
     "error: --table 'chess:remote,remote': unknown game 'chess'"),
    (["serve", "--public-url", "https://example.org/a/"],
     "error: --public-url https://example.org/a/: expected a lobby's address, ws://HOST:PORT[/PREFIX/] (or wss://)"),
    (["serve", "--trusted-proxy", "nginx"],
     "error: --trusted-proxy takes an IP address: 'nginx' does not appear to be an IPv4 or IPv6 address"),
])
def test_a_wrong_link_or_flag_is_one_line(argv: list[str], said: str, capsys) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.strip() == said


def test_a_port_nobody_listens_on_is_one_line(capsys) -> None:
    assert main(["join", "ws://127.0.0.1:1/a/1?code=ABC", "--seat", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: cannot reach ws://127.0.0.1:1/a/: ") and "\n" not in err
