"""Finding the address phones on the same Wi-Fi can reach.

`gethostbyname(gethostname())` often answers 127.0.0.1, which no phone can use,
so read the interfaces and prefer a private LAN address.
"""
from __future__ import annotations

import ipaddress
import socket

import psutil


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine that another device could reach, best first."""
    found: list[ipaddress.IPv4Address] = []
    for addrs in psutil.net_if_addrs().values():
        for addr in addrs:
            if addr.family != socket.AF_INET:
                continue
            ip = ipaddress.IPv4Address(addr.address)
            if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
                found.append(ip)
    found.sort(key=lambda ip: (not ip.is_private, str(ip)))
    return [str(ip) for ip in found]


def public_host(bind_host: str) -> str:
    """The host name to put in links: the bound address unless it is a wildcard."""
    if bind_host not in ("0.0.0.0", "::", ""):
        return bind_host
    return next(iter(lan_addresses()), "127.0.0.1")
