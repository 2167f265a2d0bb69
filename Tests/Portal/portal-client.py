#!/usr/bin/python3
# A small ScreenCast portal client (GLib/Gio), the whole path end to end:
# CreateSession → SelectSources → Start → OpenPipeWireRemote, then (with --frame) one
# frame read through the portal's PipeWire fd with gst-launch-1.0 pipewiresrc fd=N.
# Prints one JSON object on stdout; exits 0 when Start answered 0 (and the frame came, and
# its first pixel was --expect-colour when asked), 1 when Start answered 1 (cancelled),
# 2 for any other failure.
#
#   Tests/Portal/run-session -- Tests/Portal/portal-client.py [--persist 2]
#       [--restore-token T] [--cursor-mode 1|2|4] [--frame] [--expect-colour RRGGBB]
#       [--timeout S]
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from gi.repository import Gio, GLib

PORTAL = "org.freedesktop.portal.Desktop"
PORTAL_PATH = "/org/freedesktop/portal/desktop"
SCREENCAST = "org.freedesktop.portal.ScreenCast"
REQUEST = "org.freedesktop.portal.Request"
SESSION = "org.freedesktop.portal.Session"


class Failed(Exception):
    pass


class Client:
    def __init__(self, timeout):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        # ":1.23" → "1_23": the request and session paths are built from it
        self.sender = self.bus.get_unique_name()[1:].replace(".", "_")
        self.timeout = timeout
        self.count = 0
        self.calls = []

    def token(self, kind):
        self.count += 1
        return "cvdcamtest_%s%d_%d" % (kind, os.getpid(), self.count)

    def request(self, method, params_before_options, options):
        """Calls METHOD with a handle_token, waits for the Request's Response signal.
        Returns (response, results)."""
        token = self.token("r")
        path = "/org/freedesktop/portal/desktop/request/%s/%s" % (self.sender, token)
        options = dict(options)
        options["handle_token"] = GLib.Variant("s", token)
        got = {}
        loop = GLib.MainLoop()

        def on_response(_conn, _sender, _path, _iface, _signal, params):
            got["response"], got["results"] = params.unpack()
            loop.quit()

        # Subscribe before the call, so a quick answer is not missed.
        sub = self.bus.signal_subscribe(PORTAL, REQUEST, "Response", path, None,
                                        Gio.DBusSignalFlags.NONE,
                                        on_response)
        t0 = time.monotonic()
        try:
            signature = "(" + "".join(sig for sig, _ in params_before_options) + "a{sv})"
            values = [v for _, v in params_before_options] + [options]
            reply = self.bus.call_sync(PORTAL, PORTAL_PATH, SCREENCAST, method,
                                       GLib.Variant(signature, tuple(values)),
                                       GLib.VariantType("(o)"), Gio.DBusCallFlags.NONE,
                                       self.timeout * 1000, None)
            handle = reply.unpack()[0]
            if handle != path:
                raise Failed("%s: request handle %s, expected %s" % (method, handle, path))
            timer = GLib.timeout_add(int(self.timeout * 1000), loop.quit)
            loop.run()
            if "response" not in got:
                raise Failed("%s: no Response within %ss" % (method, self.timeout))
            GLib.source_remove(timer)
        finally:
            self.bus.signal_unsubscribe(sub)
        self.calls.append({"method": method, "request": path, "response": got["response"],
                           "seconds": round(time.monotonic() - t0, 3)})
        return got["response"], got["results"]

    def open_pipewire_remote(self, session):
        reply, fds = self.bus.call_with_unix_fd_list_sync(
            PORTAL, PORTAL_PATH, SCREENCAST, "OpenPipeWireRemote",
            GLib.Variant("(oa{sv})", (session, {})), GLib.VariantType("(h)"),
            Gio.DBusCallFlags.NONE, self.timeout * 1000, None, None)
        index = reply.unpack()[0]
        return fds.get(index)  # a dup the caller owns

    def close_session(self, session):
        self.bus.call_sync(PORTAL, session, SESSION, "Close", None, None,
                           Gio.DBusCallFlags.NONE, self.timeout * 1000, None)


def read_frame(fd, node, w, h, timeout):
    """One BGRx frame from NODE over the portal's PipeWire fd; the first pixel as RRGGBB."""
    with tempfile.NamedTemporaryFile(suffix=".raw") as out:
        cmd = ["gst-launch-1.0", "-q", "pipewiresrc", "fd=%d" % fd, "path=%d" % node,
               "num-buffers=1", "!", "video/x-raw,format=BGRx", "!", "filesink",
               "location=" + out.name]
        t0 = time.monotonic()
        try:
            p = subprocess.run(cmd, pass_fds=(fd,), capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"error": "no frame within %ss" % timeout}
        data = open(out.name, "rb").read()
        if p.returncode != 0 or len(data) < 4:
            return {"error": "gst-launch-1.0 exit %d, %d bytes: %s" % (p.returncode, len(data), p.stderr.strip()[-300:])}
        b, g, r = data[0], data[1], data[2]
        return {"bytes": len(data), "expected_bytes": w * h * 4, "first_pixel": "%02x%02x%02x" % (r, g, b),
                "seconds": round(time.monotonic() - t0, 3)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--persist", type=int, default=2)
    ap.add_argument("--restore-token")
    ap.add_argument("--cursor-mode", type=int, default=2)
    ap.add_argument("--frame", action="store_true")
    ap.add_argument("--expect-colour")
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--keep-open", action="store_true", help="do not close the session at the end")
    args = ap.parse_args()

    out = {}
    status = 2
    c = Client(args.timeout)
    out["sender"] = c.sender
    try:
        props = c.bus.call_sync(PORTAL, PORTAL_PATH, "org.freedesktop.DBus.Properties", "GetAll",
                                GLib.Variant("(s)", (SCREENCAST,)), None, Gio.DBusCallFlags.NONE,
                                int(args.timeout * 1000), None).unpack()[0]
        out["portal"] = props
        session_token = c.token("s")
        response, results = c.request("CreateSession", [], {
            "session_handle_token": GLib.Variant("s", session_token)})
        if response != 0:
            raise Failed("CreateSession answered %d" % response)
        session = results["session_handle"]  # a string ('s'), not an object path, in 1.16
        out["session_handle"] = session
        options = {"types": GLib.Variant("u", 1), "multiple": GLib.Variant("b", False),
                   "cursor_mode": GLib.Variant("u", args.cursor_mode),
                   "persist_mode": GLib.Variant("u", args.persist)}
        if args.restore_token:
            options["restore_token"] = GLib.Variant("s", args.restore_token)
        response, results = c.request("SelectSources", [("o", session)], options)
        if response != 0:
            raise Failed("SelectSources answered %d" % response)
        response, results = c.request("Start", [("o", session), ("s", "")], {})
        out["start_response"] = response
        out["start_results"] = results
        if response != 0:
            status = 1 if response == 1 else 2
            raise Failed("Start answered %d" % response)
        node, props = results["streams"][0]
        out["node_id"] = node
        out["size"] = list(props.get("size", (0, 0)))
        out["restore_token"] = results.get("restore_token")
        fd = c.open_pipewire_remote(session)
        out["pipewire_fd"] = fd
        status = 0
        if args.frame:
            w, h = out["size"]
            out["frame"] = read_frame(fd, node, w, h, args.timeout)
            if "error" in out["frame"]:
                status = 2
            elif args.expect_colour and out["frame"]["first_pixel"] != args.expect_colour.lower():
                out["frame"]["error"] = "first pixel %s, expected %s" % (out["frame"]["first_pixel"], args.expect_colour)
                status = 2
        os.close(fd)
        if not args.keep_open:
            c.close_session(session)
    except Failed as e:
        out["error"] = str(e)
    except GLib.Error as e:
        remote = Gio.DBusError.get_remote_error(e)
        message = e.message
        if remote and message.startswith("GDBus.Error:" + remote + ": "):
            message = message[len("GDBus.Error:" + remote + ": "):]
        out["error"] = "%s: %s" % (remote or e.domain, message)
    out["calls"] = c.calls
    print(json.dumps(out, indent=1, default=str))
    return status


if __name__ == "__main__":
    sys.exit(main())
