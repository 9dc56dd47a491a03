"""Which address goes into the links and QR codes that phones scan.

A laptop is often on several networks at once: the Wi-Fi, a Docker bridge, a VPN
tunnel, a virtual machine's network. Only the first is shared with the phones, so
addresses are ranked by how likely a phone on the table's Wi-Fi can reach them,
never alphabetically (`172.17.0.1` would beat `192.168.1.20`).
"""
from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from typing import Iterable, Mapping
from urllib.parse import urlsplit

import psutil

# Interfaces that lead to containers, tunnels or virtual machines, not to the room's Wi-Fi
# (Linux, macOS and Windows names, lower-cased). They are ranked last, never dropped: the
# host can still pick one on the Join card.
VIRTUAL_PREFIXES = (
    "docker", "br-", "veth", "virbr", "vboxnet", "vmnet", "lxc", "lxd", "cni", "flannel",
    "podman", "tun", "tap", "utun", "wg", "tailscale", "zt", "ppp", "ipsec", "nordlynx",
    "bridge", "vethernet", "virtualbox", "vmware", "hyper-v",
)

# Routing a datagram here picks the default route; connect() on UDP sends nothing. A public
# address that no home or venue LAN uses (documentation ranges do turn up on lab networks).
OUTSIDE = ("1.1.1.1", 9)

WILDCARDS = ("0.0.0.0", "::", "")


@dataclass(frozen=True)
class Address:
    ip: str
    interface: str
    note: str  # why it ranks where it does: "default route", "virtual network", "link-local" or ""


@dataclass(frozen=True)
class Candidate:
    url: str  # e.g. http://192.168.1.20:8550
    note: str  # shown beside it at start-up


def is_virtual(interface: str) -> bool:
    return interface.lower().startswith(VIRTUAL_PREFIXES)


def default_route_ip() -> str | None:
    """The local address the OS would send from to reach the outside world, if any."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(OUTSIDE)
            return probe.getsockname()[0]
    except OSError:  # no default route: an offline machine or a hotspot without uplink
        return None


def rank_addresses(interfaces: Mapping[str, Iterable[str]], route_ip: str | None) -> list[Address]:
    """IPv4 addresses best first: the default route's (on a real interface), other private
    addresses, other addresses, then virtual networks, then link-local. Loopback is dropped:
    no phone reaches it."""
    ranked: list[tuple[int, int, Address]] = []
    for order, (name, ips) in enumerate(interfaces.items()):
        for text in ips:
            ip = ipaddress.IPv4Address(text)
            if ip.is_loopback or ip.is_unspecified:
                continue
            if ip.is_link_local:
                rank, note = 4, "link-local"
            elif is_virtual(name):
                rank, note = 3, "virtual network"
            elif text == route_ip:
                rank, note = 0, "default route"
            else:
                rank, note = (1 if ip.is_private else 2), ""
            ranked.append((rank, order, Address(text, name, note)))
    ranked.sort(key=lambda item: item[:2])
    return [address for _, _, address in ranked]


def lan_addresses() -> list[Address]:
    """This machine's IPv4 addresses, best first for phones on the same Wi-Fi."""
    interfaces = {name: [a.address for a in addrs if a.family == socket.AF_INET]
                  for name, addrs in psutil.net_if_addrs().items()}
    return rank_addresses(interfaces, default_route_ip())


def candidates(bind_host: str, port: int) -> list[Candidate]:
    """Base URLs phones might use, best first. A server bound to one address has only that one."""
    if bind_host not in WILDCARDS:
        return [Candidate(f"http://{_netloc(bind_host, port)}", "--host")]
    found = [Candidate(f"http://{a.ip}:{port}", ", ".join(filter(None, (a.interface, a.note))))
             for a in lan_addresses()]
    return found or [Candidate(f"http://127.0.0.1:{port}", "no network: this machine only")]


def check_url(text: str) -> str:
    """A `--url` value as a base URL without a trailing slash; ValueError says what is wrong."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{text!r} is not an address like http://192.168.1.20:8550")
    if parts.path.strip("/") or parts.query or parts.fragment:
        raise ValueError(f"{text!r} has a path; give only the scheme, host and port")
    return f"{parts.scheme}://{parts.netloc}"


def page_base(page_url: str | None) -> str | None:
    """The base URL the tablet's own page was opened on (Flet gives `ws://host:port`), unless
    that is this machine only (localhost), which phones cannot use."""
    if not page_url:
        return None
    parts = urlsplit(page_url)
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
    if scheme not in ("http", "https") or not parts.hostname or is_local_host(parts.hostname):
        return None
    return f"{scheme}://{parts.netloc}"


def is_local_host(host: str) -> bool:
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def startup_lines(found: list[Candidate], chosen: str, fixed: bool) -> list[str]:
    """Every candidate address, the chosen one marked, so a host whose phones cannot connect
    sees at once which other addresses to try."""
    rows = [(c.url, c.note) for c in found]
    if chosen not in (url for url, _ in rows):
        rows.insert(0, (chosen, "--url"))
    width = max(len(url) for url, _ in rows)
    lines = ["Addresses for phones (-> marks the one in the QR codes):"]
    lines += [f"  {'->' if url == chosen else '  '} {url.ljust(width)}  {note}".rstrip() for url, note in rows]
    if not fixed:
        lines.append("A tablet that opened the app on a LAN address (not localhost) puts that one in its codes.")
    return lines


def _netloc(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
