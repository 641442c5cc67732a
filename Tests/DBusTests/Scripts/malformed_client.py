#!/usr/bin/env python3
"""Sends malformed D-Bus messages to a service, one connection per message.

Usage: malformed_client.py ADDRESS DESTINATION PATH

Each message breaks the wire format in a different way (invalid UTF-8,
truncated arrays, a body shorter than its signature, a bad boolean, an
invalid object path). The bus is expected to drop the connection; the
service must stay up. Prints one line per case and exits 0 when every
connection was closed by the other side or left unanswered.
"""
import os
import socket
import struct
import sys


def connect(address):
    for part in address.split(";"):
        kind, _, params = part.partition(":")
        options = dict(item.split("=", 1) for item in params.split(",") if "=" in item)
        if kind == "unix":
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            if "path" in options:
                sock.connect(options["path"])
            else:
                sock.connect("\0" + options["abstract"])
            return sock
    raise SystemExit("unsupported address " + address)


def authenticate(sock):
    uid = str(os.getuid()).encode().hex()
    sock.sendall(b"\0AUTH EXTERNAL " + uid.encode() + b"\r\n")
    if not sock.recv(4096).startswith(b"OK"):
        raise SystemExit("authentication failed")
    sock.sendall(b"BEGIN\r\n")


class Writer:
    def __init__(self):
        self.data = bytearray()

    def align(self, n):
        while len(self.data) % n:
            self.data.append(0)

    def byte(self, value):
        self.data.append(value)

    def u32(self, value):
        self.align(4)
        self.data += struct.pack("<I", value)

    def string(self, value):
        raw = value if isinstance(value, bytes) else value.encode()
        self.u32(len(raw))
        self.data += raw + b"\0"

    def signature(self, value):
        raw = value.encode()
        self.byte(len(raw))
        self.data += raw + b"\0"


def message(serial, fields, signature, body):
    header = Writer()
    header.data += b"l\x01\x00\x01"
    header.u32(len(body))
    header.u32(serial)
    array = Writer()
    array.data = bytearray(16)
    for code, kind, value in fields + ([(8, "g", signature)] if signature else []):
        array.align(8)
        array.byte(code)
        array.signature(kind)
        if kind == "g":
            array.signature(value)
        else:
            array.string(value)
    fields_bytes = bytes(array.data[16:])
    header.u32(len(fields_bytes))
    header.data += fields_bytes
    header.align(8)
    return bytes(header.data) + body


def hello():
    return message(1, [(1, "o", "/org/freedesktop/DBus"), (2, "s", "org.freedesktop.DBus"),
                       (3, "s", "Hello"), (6, "s", "org.freedesktop.DBus")], "", b"")


def cases(destination, path):
    call = [(1, "o", path), (3, "s", "Echo"), (6, "s", destination)]
    yield "invalid UTF-8 string", message(2, call, "s", struct.pack("<I", 3) + b"\xff\xfe\xfd\0")
    yield "string without its NUL", message(2, call, "s", struct.pack("<I", 3) + b"abcX")
    yield "truncated array", message(2, call, "as", struct.pack("<I", 100) + b"\0\0\0\0")
    yield "body shorter than its signature", message(2, call, "ii", struct.pack("<I", 1))
    yield "boolean that is neither 0 nor 1", message(2, call, "b", struct.pack("<I", 2))
    yield "invalid object path", message(2, [(1, "o", "not/a/path"), (3, "s", "Echo"), (6, "s", destination)], "", b"")
    yield "dict with a variant key", message(2, call, "a{vs}", struct.pack("<I", 0) + b"\0\0\0\0")


def main():
    address, destination, path = sys.argv[1:4]
    for name, data in cases(destination, path):
        sock = connect(address)
        sock.settimeout(2)
        authenticate(sock)
        sock.sendall(hello())
        sock.sendall(data)
        outcome = "unanswered"
        try:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    outcome = "disconnected"
                    break
        except socket.timeout:
            pass
        except ConnectionResetError:
            outcome = "disconnected"
        sock.close()
        print(f"{name}: {outcome}")


if __name__ == "__main__":
    main()
