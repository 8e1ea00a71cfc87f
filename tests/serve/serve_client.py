"""A `hukum serve` started for one test on 127.0.0.1 and a port the system
picks, and a small JSON client for it (http.client, loopback only). The
server is stopped when the test ends, whatever happens."""
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time


class Server:
    def __init__(self, hukum, *flags):
        self.proc = subprocess.Popen([hukum, "serve", "--port", "0", *flags], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            self.stop()
            raise RuntimeError("hukum serve did not say where it listens: %r %s" % (line, self.proc.stderr.read()))
        self.port = int(m.group(1))
        self.url = "http://127.0.0.1:%d/" % self.port

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


class Client:
    """One keep-alive connection; `record` collects (body sent, body received) of every request."""

    def __init__(self, port, record=None):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.record = record

    def raw(self, method, path, body=None, headers=None):
        for attempt in range(3):
            try:
                self.conn.request(method, path, body=body, headers=headers or {})
                res = self.conn.getresponse()
                data = res.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # the server closed an idle keep-alive connection: open another
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    raise
        if self.record is not None:
            self.record.append((body, data))
        return res.status, data

    def call(self, method, path, body=None):
        payload = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        status, data = self.raw(method, path, payload, headers)
        try:
            return status, json.loads(data)
        except ValueError:
            raise AssertionError("%s %s answered %d with no JSON: %r" % (method, path, status, data[:200]))

    def get(self, path):
        return self.call("GET", path)

    def post(self, path, body):
        return self.call("POST", path, body)


def bundled_games(root):
    """The bundled games: every rulesets/GAME/GAME.yaml."""
    base = os.path.join(root, "rulesets")
    return sorted(g for g in os.listdir(base) if os.path.isfile(os.path.join(base, g, g + ".yaml")))


class Failures:
    def __init__(self):
        self.items = []

    def check(self, ok, what):
        if not ok:
            self.items.append(what)
            print("FAIL:", what, flush=True)
        return ok

    def finish(self, name):
        if self.items:
            print("%s: %d failure(s)" % (name, len(self.items)))
            sys.exit(1)
        print("%s: all passed" % name)
