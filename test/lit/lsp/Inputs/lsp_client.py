#!/usr/bin/env python3
"""A scripted LSP client for the lit tests of ldslint-lsp.

  lsp_client.py session FILE [CODEACTION_LINE]  -> framed messages on stdout
  lsp_client.py decode OUT                       -> one JSON message per line

The session opens FILE, asks for the code actions on one line (0-based),
saves, closes, shuts down and exits. Decoding checks the framing (every
Content-Length matches its body) and prints messages with sorted keys so
FileCheck can match them.
"""
import json
import sys


def frame(msg):
    body = json.dumps(msg).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def session(path, line):
    uri = "file://" + path
    doc = {"uri": uri}
    msgs = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": dict(doc, languageId="cuda", version=1,
                                         text=open(path).read())}},
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
         "params": {"textDocument": doc,
                    "range": {"start": {"line": line, "character": 0},
                              "end": {"line": line, "character": 0}},
                    "context": {"diagnostics": []}}},
        {"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
         "params": {"textDocument": doc,
                    "position": {"line": 0, "character": 0}}},
        {"jsonrpc": "2.0", "method": "textDocument/didClose",
         "params": {"textDocument": doc}},
        {"jsonrpc": "2.0", "id": 4, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    out = sys.stdout.buffer
    for m in msgs:
        out.write(frame(m))


def decode(path):
    data = open(path, "rb").read()
    while data:
        head, sep, rest = data.partition(b"\r\n\r\n")
        if not sep:
            sys.exit("truncated header: %r" % head)
        length = None
        for line in head.split(b"\r\n"):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        if length is None or len(rest) < length:
            sys.exit("bad Content-Length in %r" % head)
        msg = json.loads(rest[:length])
        if msg.get("method") == "window/logMessage":
            msg["params"]["message"] = "<log>"  # driver notes vary by machine
        print(json.dumps(msg, sort_keys=True))
        data = rest[length:]


if __name__ == "__main__":
    if sys.argv[1] == "session":
        session(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 0)
    else:
        decode(sys.argv[2])
