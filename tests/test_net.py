"""Which address the QR codes carry: ranking faked interfaces, `--url`, and the start-up lines.

No test here opens a real socket: the default-route probe is faked, so nothing is sent
and this machine's own addresses never appear.
"""
from __future__ import annotations

import ipaddress
import socket
from types import SimpleNamespace

import pytest

from companion import __main__ as cli
from companion.server import net

LAPTOP = {  # Wi-Fi plus a Docker bridge, a VPN tunnel, a link-local cable and loopback
    "lo": ["127.0.0.1"],
    "docker0": ["172.17.0.1"],
    "br-5f2a9c": ["172.18.0.1"],
    "tun0": ["10.8.0.6"],
    "enx00e04c": ["169.254.10.20"],
    "wlp2s0": ["192.168.1.20"],
}


class FakeProbe:
    """Stands in for the UDP socket: answers as the OS would, refuses to send anything."""

    route: str | None = "192.168.1.20"
    made: list[tuple] = []

    def __init__(self, family: int, kind: int) -> None:
        FakeProbe.made.append((family, kind))

    def __enter__(self) -> FakeProbe:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def connect(self, address: tuple[str, int]) -> None:
        FakeProbe.made.append(address)
        if self.route is None:
            raise OSError(101, "Network is unreachable")

    def getsockname(self) -> tuple[str, int]:
        return (self.route, 40000)

    def send(self, *args: object) -> None:
        raise AssertionError("the probe must not send a packet")

    sendto = sendall = send


@pytest.fixture
def laptop(monkeypatch):
    """The LAPTOP interfaces as psutil would report them, with the default route faked."""
    def addrs(ips: list[str]) -> list[SimpleNamespace]:
        return [SimpleNamespace(family=socket.AF_INET, address=ip) for ip in ips] + [
            SimpleNamespace(family=socket.AF_INET6, address="fe80::1")]

    monkeypatch.setattr(net.psutil, "net_if_addrs", lambda: {name: addrs(ips) for name, ips in LAPTOP.items()})
    monkeypatch.setattr(net, "default_route_ip", lambda: "192.168.1.20")


@pytest.fixture
def probe(monkeypatch):
    """Only default_route_ip runs while the socket class is faked."""
    monkeypatch.setattr(net.socket, "socket", FakeProbe)
    monkeypatch.setattr(FakeProbe, "route", "192.168.1.20")
    monkeypatch.setattr(FakeProbe, "made", [])
    return FakeProbe


def ips(addresses: list[net.Address]) -> list[str]:
    return [a.ip for a in addresses]


def test_wifi_beats_docker_vpn_and_link_local():
    ranked = net.rank_addresses(LAPTOP, route_ip="192.168.1.20")
    assert ips(ranked) == ["192.168.1.20", "172.17.0.1", "172.18.0.1", "10.8.0.6", "169.254.10.20"]
    assert ranked[0].note == "default route"
    assert [a.note for a in ranked[1:]] == ["virtual network"] * 3 + ["link-local"]


def test_wifi_still_wins_when_a_full_tunnel_vpn_carries_the_default_route():
    assert ips(net.rank_addresses(LAPTOP, route_ip="10.8.0.6"))[0] == "192.168.1.20"


def test_wifi_wins_without_any_default_route():
    assert ips(net.rank_addresses(LAPTOP, route_ip=None))[0] == "192.168.1.20"


def test_the_default_route_beats_another_private_address_listed_first():
    interfaces = {"eth0": ["10.0.0.5"], "wlan0": ["192.168.1.20"], "eth1": ["8.8.4.4"]}
    assert ips(net.rank_addresses(interfaces, route_ip="192.168.1.20")) == ["192.168.1.20", "10.0.0.5", "8.8.4.4"]
    assert ips(net.rank_addresses(interfaces, route_ip=None)) == ["10.0.0.5", "192.168.1.20", "8.8.4.4"]


@pytest.mark.parametrize("name", ["docker0", "br-1a2b", "veth9", "virbr0", "vboxnet0", "vmnet8", "tun0",
                                  "utun3", "wg0", "tailscale0", "vEthernet (WSL)",
                                  "VirtualBox Host-Only Network", "VMware Network Adapter VMnet1"])
def test_container_tunnel_and_vm_interfaces_are_virtual(name):
    assert net.is_virtual(name)


@pytest.mark.parametrize("name", ["wlan0", "wlp2s0", "eth0", "enp3s0", "en0", "Wi-Fi", "Ethernet"])
def test_wifi_and_ethernet_interfaces_are_not(name):
    assert not net.is_virtual(name)


def test_detection_asks_the_os_for_the_default_route_without_sending(probe):
    assert net.default_route_ip() == "192.168.1.20"
    assert probe.made == [(socket.AF_INET, socket.SOCK_DGRAM), net.OUTSIDE]
    assert ipaddress.ip_address(net.OUTSIDE[0]).is_global  # off every LAN: the default route decides


def test_no_default_route_is_no_answer(probe):
    probe.route = None
    assert net.default_route_ip() is None


def test_detection_ranks_what_the_interfaces_report(laptop):
    assert ips(net.lan_addresses()) == ["192.168.1.20", "172.17.0.1", "172.18.0.1", "10.8.0.6", "169.254.10.20"]


def test_candidates_carry_the_port_and_say_why(laptop):
    found = net.candidates("0.0.0.0", 8550)
    assert found[0] == net.Candidate("http://192.168.1.20:8550", "wlp2s0, default route")
    assert found[1] == net.Candidate("http://172.17.0.1:8550", "docker0, virtual network")
    assert "http://127.0.0.1:8550" not in [c.url for c in found]


def test_a_server_bound_to_one_address_offers_only_that_one(monkeypatch):
    monkeypatch.setattr(net, "lan_addresses", lambda: pytest.fail("nothing to detect"))
    assert [c.url for c in net.candidates("127.0.0.1", 9000)] == ["http://127.0.0.1:9000"]


def test_startup_lines_list_every_candidate_and_mark_the_chosen_one(laptop):
    found = net.candidates("0.0.0.0", 8550)
    lines = net.startup_lines(found, found[0].url, fixed=False)
    assert lines[1].startswith("  -> http://192.168.1.20:8550 ")
    assert sum("->" in line for line in lines[1:]) == 1
    for candidate in found:
        assert any(candidate.url in line for line in lines)


def test_startup_lines_put_the_url_option_first_and_mark_it(laptop):
    found = net.candidates("0.0.0.0", 8550)
    lines = net.startup_lines(found, "https://games.example:443", fixed=True)
    assert lines[1].startswith("  -> https://games.example:443 ") and lines[1].endswith("--url")
    assert lines[2].startswith("     http://192.168.1.20:8550 ")


@pytest.mark.parametrize("text, base", [
    ("http://192.168.1.20:8550", "http://192.168.1.20:8550"),
    ("http://tablet.lan:8550/", "http://tablet.lan:8550"),
    (" https://games.example ", "https://games.example"),
])
def test_url_option_is_normalised(text, base):
    assert cli.parse_args(["--url", text]).url == base


@pytest.mark.parametrize("text", ["192.168.1.20:8550", "ftp://x:1", "http://", "http://x:1/t/abc"])
def test_a_bad_url_option_stops_with_a_clear_message(text, capsys):
    with pytest.raises(SystemExit):
        cli.parse_args(["--url", text])
    assert "--url" in capsys.readouterr().err


@pytest.mark.parametrize("page_url, base", [
    ("ws://tablet.lan:8550", "http://tablet.lan:8550"),
    ("ws://192.168.1.20:8550", "http://192.168.1.20:8550"),
    ("wss://games.example", "https://games.example"),
    ("ws://[fd00::5]:8550", "http://[fd00::5]:8550"),
    ("ws://127.0.0.1:8550", None),
    ("ws://localhost:8550", None),
    ("ws://app.localhost:8550", None),
    ("ws://[::1]:8550", None),
    ("ws://0.0.0.0:8550", None),
    (None, None),
])
def test_the_tablets_own_address_unless_it_is_localhost(page_url, base):
    assert net.page_base(page_url) == base


def test_main_with_url_hands_it_to_the_app_and_prints_it_marked(laptop, monkeypatch, tmp_path, capsys):
    built: dict = {}

    def fake_build_app(data_dir, base_url, addresses=(), fixed=False, allow_hosts=()):
        built.update(base_url=base_url, addresses=list(addresses), fixed=fixed)
        return object(), SimpleNamespace(admin_token="ADMIN")

    monkeypatch.setenv("FLET_WEB_NO_CDN", "1")
    monkeypatch.setattr("companion.server.app.build_app", fake_build_app)
    monkeypatch.setattr(cli, "serve", lambda *a, **k: None)
    cli.main(["--url", "http://phones.lan:9000", "--port", "9000", "--data-dir", str(tmp_path), "--quiet"])
    assert built == {"base_url": "http://phones.lan:9000", "fixed": True,
                     "addresses": ["http://192.168.1.20:9000", "http://172.17.0.1:9000",
                                   "http://172.18.0.1:9000", "http://10.8.0.6:9000", "http://169.254.10.20:9000"]}
    out = capsys.readouterr().out
    assert "  -> http://phones.lan:9000" in out
    assert "     http://192.168.1.20:9000" in out
    assert "Open this on the tablet: http://phones.lan:9000/?admin=ADMIN" in out


def test_main_without_url_chooses_the_wifi(laptop, monkeypatch, tmp_path, capsys):
    built: dict = {}

    def fake_build_app(data_dir, base_url, addresses=(), fixed=False, allow_hosts=()):
        built.update(base_url=base_url, fixed=fixed)
        return object(), SimpleNamespace(admin_token="ADMIN")

    monkeypatch.setenv("FLET_WEB_NO_CDN", "1")
    monkeypatch.setattr("companion.server.app.build_app", fake_build_app)
    monkeypatch.setattr(cli, "serve", lambda *a, **k: None)
    cli.main(["--data-dir", str(tmp_path), "--quiet"])
    assert built == {"base_url": "http://192.168.1.20:8550", "fixed": False}
    assert "  -> http://192.168.1.20:8550" in capsys.readouterr().out
