#!/usr/bin/python3
"""A TCP relay on 127.0.0.1, for cutting a client's connection to a server
that stays up (the MQTT publishing tests put it between docscan-run and the
broker, so the subscriber never loses its own connection).

Usage: tcp_relay.py LISTEN_PORT TARGET_PORT [CUT_AFTER_BYTES]

Prints "ready" once it accepts connections, then copies bytes both ways
for every client until it is killed (SIGKILL drops every connection at
once, as a network cut does), or, with CUT_AFTER_BYTES, until that many
bytes went from clients to the target: then it ends at once, dropping
every connection, whatever the speed of the machine.
"""
import os
import socket
import sys
import threading


def pump(source, sink, cut_after=None):
    """Copies `source` to `sink` until either end closes; ends the process
    once `cut_after` bytes went through."""
    sent = 0
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            if cut_after is not None and sent + len(data) > cut_after:
                sink.sendall(data[:cut_after - sent])
                os._exit(0)
            sink.sendall(data)
            sent += len(data)
    except OSError:
        pass
    finally:
        for end in (source, sink):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def main():
    listen_port, target_port = int(sys.argv[1]), int(sys.argv[2])
    cut_after = int(sys.argv[3]) if len(sys.argv) > 3 else None
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", listen_port))
    server.listen(8)
    print("ready", flush=True)
    while True:
        client, _ = server.accept()
        try:
            upstream = socket.create_connection(("127.0.0.1", target_port))
        except OSError:
            client.close()
            continue
        for source, sink, cut in ((client, upstream, cut_after), (upstream, client, None)):
            threading.Thread(target=pump, args=(source, sink, cut), daemon=True).start()


if __name__ == "__main__":
    main()
