#!/usr/bin/python3
# A test backend for xdg-desktop-portal's ScreenCast portal: implements
# org.freedesktop.impl.portal.ScreenCast (version 4, what xdg-desktop-portal 1.16 asks
# for) on the session bus, with the org.freedesktop.impl.portal.Request and
# org.freedesktop.impl.portal.Session objects at the handles the portal gives it. No
# dialog: Start answers at once with one monitor stream, the PipeWire node of the test
# source (see Tests/Portal/README.md).
#
# Environment:
#   CVDCAM_TEST_BUS_NAME       bus name to own (default org.freedesktop.impl.portal.desktop.cvdcamtest)
#   CVDCAM_TEST_NODE           PipeWire node id to hand out; else looked up with pw-dump by
#   CVDCAM_TEST_NODE_NAME      node.name (default cvdcamtest-source); 4242 when neither finds one
#   CVDCAM_TEST_SIZE           stream size WxH (default 640x480)
#   CVDCAM_TEST_POSITION       the shared monitor's place X,Y on the desktop (default 4000,0:
#                              beside the display cvdcam's window is on; 0,0 puts it there)
#   CVDCAM_TEST_PORTAL         behaviour (default ok), one of
#                                ok         answer 0 with the stream
#                                cancel     answer 1 (the user cancelled)
#                                fail       answer 2 (other error)
#                                slow       answer 0 after CVDCAM_TEST_PORTAL_DELAY seconds (default 5)
#                                error      fail the D-Bus call itself (the portal then answers 2)
#                                nostreams  answer 0 without 'streams' (the portal turns it into 2)
#                                norestore  answer 0 but hand back no restore_data (no token then)
#   CVDCAM_TEST_PORTAL_AT      the method the behaviour applies to: Start (default),
#                              SelectSources or CreateSession; the others answer 0
#   CVDCAM_TEST_PORTAL_CONTROL a file; when it exists, its first word overrides
#                              CVDCAM_TEST_PORTAL and its second, if any, CVDCAM_TEST_PORTAL_AT,
#                              read afresh on each call (so one session can run "ok" and then
#                              "cancel", or "cancel SelectSources")
#   CVDCAM_TEST_PORTAL_LOG     file to append one JSON line per call to
import json
import os
import subprocess
import sys
import time

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

IMPL_PATH = "/org/freedesktop/portal/desktop"
SCREENCAST = "org.freedesktop.impl.portal.ScreenCast"
REQUEST = "org.freedesktop.impl.portal.Request"
SESSION = "org.freedesktop.impl.portal.Session"
PROPS = "org.freedesktop.DBus.Properties"

SOURCE_MONITOR = 1
CURSOR_MODES = 1 | 2 | 4  # hidden, embedded, metadata

LOG = os.environ.get("CVDCAM_TEST_PORTAL_LOG")


def plain(v):
    """D-Bus values as JSON-able Python values."""
    if isinstance(v, (dbus.Dictionary, dict)):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, (dbus.Array, dbus.Struct, list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, dbus.Boolean):
        return bool(v)
    if isinstance(v, (dbus.Byte, dbus.Int16, dbus.UInt16, dbus.Int32, dbus.UInt32,
                      dbus.Int64, dbus.UInt64)):
        return int(v)
    if isinstance(v, dbus.Double):
        return float(v)
    if isinstance(v, (dbus.String, dbus.ObjectPath, dbus.Signature)):
        return str(v)
    return v


def log(call, **fields):
    line = {"t": round(time.time(), 3), "call": call}
    line.update({k: plain(v) for k, v in fields.items()})
    text = json.dumps(line, sort_keys=True)
    print("screencast-backend: " + text, file=sys.stderr, flush=True)
    if LOG:
        with open(LOG, "a") as f:
            f.write(text + "\n")


def behaviour(method):
    mode = os.environ.get("CVDCAM_TEST_PORTAL", "ok")
    at = os.environ.get("CVDCAM_TEST_PORTAL_AT", "Start")
    control = os.environ.get("CVDCAM_TEST_PORTAL_CONTROL")
    if control and os.path.exists(control):
        with open(control) as f:
            words = f.read().split()
        if words:
            mode = words[0]
        if len(words) > 1:
            at = words[1]
    return mode if method == at else "ok"


def node_id():
    if os.environ.get("CVDCAM_TEST_NODE"):
        return int(os.environ["CVDCAM_TEST_NODE"])
    name = os.environ.get("CVDCAM_TEST_NODE_NAME", "cvdcamtest-source")
    try:
        out = subprocess.run(["pw-dump"], capture_output=True, timeout=5, text=True).stdout
        for o in json.loads(out or "[]"):
            props = (o.get("info") or {}).get("props") or {}
            if props.get("node.name") == name:
                return int(o["id"])
    except (OSError, ValueError, subprocess.TimeoutExpired):
        pass
    return 4242


def size():
    w, h = os.environ.get("CVDCAM_TEST_SIZE", "640x480").split("x")
    return int(w), int(h)


class Request(dbus.service.Object):
    """The impl Request at the handle the portal gave; Close answers the pending call with 2."""

    def __init__(self, bus, path, method):
        super().__init__(bus, path)
        self.path = path
        self.method = method
        self.pending = None  # (reply callback, timeout source) while a slow answer waits
        self.closed = False

    @dbus.service.method(REQUEST, in_signature="", out_signature="")
    def Close(self):
        log("Request.Close", handle=self.path, method=self.method)
        self.closed = True
        if self.pending:
            reply, source = self.pending
            GLib.source_remove(source)
            self.pending = None
            reply(dbus.UInt32(2), dbus.Dictionary({}, signature="sv"))
        self.done()

    def done(self):
        try:
            self.remove_from_connection()
        except LookupError:
            pass


class Session(dbus.service.Object):
    def __init__(self, bus, path, backend):
        super().__init__(bus, path)
        self.path = path
        self.backend = backend
        self.options = {}

    @dbus.service.method(SESSION, in_signature="", out_signature="")
    def Close(self):
        log("Session.Close", session_handle=self.path)
        self.backend.sessions.pop(self.path, None)
        try:
            self.remove_from_connection()
        except LookupError:
            pass

    @dbus.service.signal(SESSION, signature="")
    def Closed(self):
        pass

    @dbus.service.method(PROPS, in_signature="ss", out_signature="v")
    def Get(self, interface, prop):
        return self.GetAll(interface)[prop]

    @dbus.service.method(PROPS, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        if interface == SESSION:
            return dbus.Dictionary({"version": dbus.UInt32(1)}, signature="sv")
        return dbus.Dictionary({}, signature="sv")


def answer(reply, error, method, request, response, results):
    """Answer now, or after a delay, or with a D-Bus error, as the behaviour says."""
    mode = behaviour(method)
    empty = dbus.Dictionary({}, signature="sv")
    if mode == "cancel":
        response, results = 1, empty
    elif mode == "fail":
        response, results = 2, empty
    elif mode == "error":
        log(method + ".answer", error="org.freedesktop.DBus.Error.Failed")
        request.done()
        error(dbus.exceptions.DBusException("test backend told to fail",
                                            name="org.freedesktop.DBus.Error.Failed"))
        return
    elif mode == "nostreams":
        results = dbus.Dictionary({k: v for k, v in results.items() if k != "streams"},
                                  signature="sv")
    elif mode == "norestore":
        results = dbus.Dictionary({k: v for k, v in results.items()
                                   if k not in ("restore_data", "persist_mode")}, signature="sv")

    def send():
        request.pending = None
        if request.closed:
            return False
        log(method + ".answer", response=response, results=results, mode=mode)
        request.done()
        reply(dbus.UInt32(response), results)
        return False

    if mode == "slow":
        delay = float(os.environ.get("CVDCAM_TEST_PORTAL_DELAY", "5"))
        request.pending = (reply, GLib.timeout_add(int(delay * 1000), send))
    else:
        send()


class ScreenCast(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, IMPL_PATH)
        self.bus = bus
        self.sessions = {}

    def request(self, handle, method):
        return Request(self.bus, str(handle), method)

    @dbus.service.method(SCREENCAST, in_signature="oosa{sv}", out_signature="ua{sv}",
                         async_callbacks=("reply", "error"))
    def CreateSession(self, handle, session_handle, app_id, options, reply, error):
        log("CreateSession", handle=handle, session_handle=session_handle, app_id=app_id,
            options=options)
        request = self.request(handle, "CreateSession")
        self.sessions[str(session_handle)] = Session(self.bus, str(session_handle), self)
        answer(reply, error, "CreateSession", request, 0,
               dbus.Dictionary({"session_id": dbus.String("cvdcamtest")}, signature="sv"))

    @dbus.service.method(SCREENCAST, in_signature="oosa{sv}", out_signature="ua{sv}",
                         async_callbacks=("reply", "error"))
    def SelectSources(self, handle, session_handle, app_id, options, reply, error):
        # restore_data (suv) is here when the client passed a restore_token the portal knew
        log("SelectSources", handle=handle, session_handle=session_handle, app_id=app_id,
            options=options, restore_data=options.get("restore_data"))
        request = self.request(handle, "SelectSources")
        session = self.sessions.get(str(session_handle))
        if session:
            session.options = dict(options)
        answer(reply, error, "SelectSources", request, 0, dbus.Dictionary({}, signature="sv"))

    @dbus.service.method(SCREENCAST, in_signature="oossa{sv}", out_signature="ua{sv}",
                         async_callbacks=("reply", "error"))
    def Start(self, handle, session_handle, app_id, parent_window, options, reply, error):
        session = self.sessions.get(str(session_handle))
        chosen = session.options if session else {}
        log("Start", handle=handle, session_handle=session_handle, app_id=app_id,
            parent_window=parent_window, options=options, selected=chosen)
        request = self.request(handle, "Start")
        w, h = size()
        stream = dbus.Struct((dbus.UInt32(node_id()), dbus.Dictionary({
            "size": dbus.Struct((dbus.Int32(w), dbus.Int32(h)), signature="ii"),
            "position": dbus.Struct(tuple(dbus.Int32(int(v)) for v in
                                          os.environ.get("CVDCAM_TEST_POSITION", "4000,0").split(",")), signature="ii"),
            "source_type": dbus.UInt32(SOURCE_MONITOR),
            "id": dbus.String("cvdcamtest-monitor-0"),
        }, signature="sv")), signature="ua{sv}")
        results = {"streams": dbus.Array([stream], signature="(ua{sv})")}
        persist = int(chosen.get("persist_mode", 0))
        if persist:
            results["persist_mode"] = dbus.UInt32(persist)
            results["restore_data"] = dbus.Struct(
                (dbus.String("cvdcamtest"), dbus.UInt32(1),
                 dbus.Dictionary({"monitor": dbus.String("cvdcamtest-monitor-0")},
                                 signature="sv", variant_level=1)),
                signature="suv")
        answer(reply, error, "Start", request, 0, dbus.Dictionary(results, signature="sv"))

    @dbus.service.method(PROPS, in_signature="ss", out_signature="v")
    def Get(self, interface, prop):
        return self.GetAll(interface)[prop]

    @dbus.service.method(PROPS, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        if interface != SCREENCAST:
            return dbus.Dictionary({}, signature="sv")
        return dbus.Dictionary({
            "AvailableSourceTypes": dbus.UInt32(SOURCE_MONITOR),
            "AvailableCursorModes": dbus.UInt32(CURSOR_MODES),
            "version": dbus.UInt32(4),
        }, signature="sv")

    @dbus.service.method(PROPS, in_signature="ssv", out_signature="")
    def Set(self, interface, prop, value):
        raise dbus.exceptions.DBusException("read-only", name="org.freedesktop.DBus.Error.PropertyReadOnly")


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = os.environ.get("CVDCAM_TEST_BUS_NAME", "org.freedesktop.impl.portal.desktop.cvdcamtest")
    ScreenCast(bus)
    # Own the name only once the object is there, so whoever waits for the name finds it.
    keep = dbus.service.BusName(name, bus, do_not_queue=True)
    log("ready", bus_name=name, unique_name=bus.get_unique_name())
    loop = GLib.MainLoop()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, 15, loop.quit)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, 2, loop.quit)
    loop.run()
    del keep


if __name__ == "__main__":
    main()
