"""The same-work Python reference for bench/: picker-server.c's work, on
dbus-fast's low-level message API (one handler for every call, messages
built with its Message constructors), under the daemon's names:

  Manager.CreatePicker(s name, a{sv} options{items: aas}) -> o
  Picker.SetItems(aas)      PropertiesChanged(NumberOfComponents, RowCounts,
                            SelectedRows, Revision), reply
  Picker.SelectRow(ii)      ItemSelected(ii), ModelSelected(av),
                            PropertiesChanged(SelectedRows, Revision), reply
  Properties.Get / GetAll   of the Picker's properties
  Manager.CreateForm(s name, s spec, a{sv} options) -> o
                            of a spec of plain text fields
  Form.SetValues(a{sv} values, t expected_revision) -> t
                            PropertiesChanged(Revision; Values invalidated),
                            ValueChanged(s, v) for each value, reply

Arguments are checked as the C reference checks them, errors named as the
daemon names them. dbus-fast answers org.freedesktop.DBus.Peer itself.

Usage: picker-server.py --address ADDRESS (other options are ignored).
"""

import asyncio
import json
import re
import sys

from dbus_fast import Message, MessageType, NameFlag, RequestNameReply, Variant
from dbus_fast.aio import MessageBus

ROOT = "/org/rxwidgets/Widgets1"
PICKER_PREFIX = ROOT + "/picker/"
FORM_PREFIX = ROOT + "/form/"
MANAGER = "org.rxwidgets.Widgets1.Manager"
PICKER = "org.rxwidgets.Widgets1.Picker"
FORM = "org.rxwidgets.Widgets1.Form"
PROPERTIES = "org.freedesktop.DBus.Properties"
ERROR = "org.rxwidgets.Widgets1.Error."
INVALID_ARGS = "org.freedesktop.DBus.Error.InvalidArgs"
MAX_PICKERS = 64
MAX_COMPONENTS = 64
MAX_FORMS = 8
MAX_FIELDS = 256
MAX_CHARACTERS = 65536
PATH = re.compile(r"^/([A-Za-z0-9_]+(/[A-Za-z0-9_]+)*)?$")
PROPERTY_NAMES = ["NumberOfComponents", "RowCounts", "SelectedRows", "Visible", "Popup", "Adapter", "Revision"]


class PatientSocket:
    """The bus socket as dbus-fast's writer sees it: a send that finds the
    socket full sends nothing instead of raising. dbus-fast 5 treats that
    BlockingIOError as a broken connection and exits at about a hundred calls
    in flight; with 0 its writer waits for the socket to drain, as it does
    after a partial send."""

    def __init__(self, sock):
        self.sock = sock

    def send(self, data):
        try:
            return self.sock.send(data)
        except BlockingIOError:
            return 0

    def sendmsg(self, *arguments):
        try:
            return self.sock.sendmsg(*arguments)
        except BlockingIOError:
            return 0


class Failure(Exception):
    def __init__(self, name, text):
        super().__init__(text)
        self.name = name
        self.text = text


def new_path(prefix, name, existing, most, kind):
    """The path of a new widget named `name`, checked as the C reference checks it."""
    if len(existing) == most:
        raise Failure(ERROR + "LimitExceeded", f"too many {kind}s")
    path = prefix + name
    if len(path) >= 128 or not PATH.match(path):
        raise Failure(ERROR + "InvalidName", "bad name")
    if path in existing:
        raise Failure(ERROR + "Exists", f"a {kind} of that name exists")
    return path


class Picker:
    def __init__(self, path):
        self.path = path
        self.components = []
        self.selected = []
        self.revision = 1

    def set_items(self, components):
        if len(components) > MAX_COMPONENTS:
            raise Failure(ERROR + "LimitExceeded", "too many components")
        self.components = components
        self.selected = [0 if rows else -1 for rows in components]

    def property(self, name):
        if name == "NumberOfComponents":
            return Variant("i", len(self.components))
        if name == "RowCounts":
            return Variant("ai", [len(rows) for rows in self.components])
        if name == "SelectedRows":
            return Variant("ai", list(self.selected))
        if name == "Revision":
            return Variant("t", self.revision)
        if name in ("Visible", "Popup"):
            return Variant("b", False)
        if name == "Adapter":
            return Variant("s", "title")
        raise Failure("org.freedesktop.DBus.Error.UnknownProperty", "no such property")


class Form:
    def __init__(self, path, names):
        self.path = path
        self.names = names
        self.values = {name: "" for name in names}
        self.revision = 1


class Server:
    def __init__(self, bus):
        self.bus = bus
        self.pickers = {}
        self.forms = {}

    def properties_changed(self, path, interface, changed, invalidated=()):
        self.bus.send(Message.new_signal(path, PROPERTIES, "PropertiesChanged", "sa{sv}as", [interface, changed, list(invalidated)]))

    def create_picker(self, call):
        if call.signature != "sa{sv}":
            raise Failure(INVALID_ARGS, "expected 'sa{sv}'")
        name, options = call.body
        path = new_path(PICKER_PREFIX, name, self.pickers, MAX_PICKERS, "picker")
        picker = Picker(path)
        items = options.get("items")
        if items is not None and items.signature == "aas":
            picker.set_items(items.value)
        self.pickers[path] = picker
        return Message.new_method_return(call, "o", [path])

    def set_items(self, call, picker):
        if call.signature != "aas":
            raise Failure(INVALID_ARGS, "expected 'aas'")
        picker.set_items(call.body[0])
        picker.revision += 1
        names = ["NumberOfComponents", "RowCounts", "SelectedRows", "Revision"]
        self.properties_changed(picker.path, PICKER, {name: picker.property(name) for name in names})
        return Message.new_method_return(call)

    def select_row(self, call, picker):
        if call.signature != "ii":
            raise Failure(INVALID_ARGS, "expected 'ii'")
        row, component = call.body
        if not 0 <= component < len(picker.components):
            raise Failure(ERROR + "OutOfRange", "component out of range")
        if not 0 <= row < len(picker.components[component]):
            raise Failure(ERROR + "OutOfRange", "row out of range")
        changed = picker.selected[component] != row
        picker.selected[component] = row
        self.bus.send(Message.new_signal(picker.path, PICKER, "ItemSelected", "ii", [row, component]))
        models = [Variant("s", rows[selected] if selected >= 0 else "") for rows, selected in zip(picker.components, picker.selected)]
        self.bus.send(Message.new_signal(picker.path, PICKER, "ModelSelected", "av", [models]))
        if changed:
            picker.revision += 1
            self.properties_changed(picker.path, PICKER, {name: picker.property(name) for name in ("SelectedRows", "Revision")})
        return Message.new_method_return(call)

    def picker_properties(self, call, picker):
        if call.member == "Get":
            if call.signature != "ss":
                raise Failure(INVALID_ARGS, "expected 'ss'")
            interface, name = call.body
            if interface != PICKER:
                raise Failure("org.freedesktop.DBus.Error.UnknownProperty", "no such property")
            return Message.new_method_return(call, "v", [picker.property(name)])
        if call.member == "GetAll":
            if call.signature != "s":
                raise Failure(INVALID_ARGS, "expected 's'")
            names = PROPERTY_NAMES if call.body[0] == PICKER else []
            return Message.new_method_return(call, "a{sv}", [{name: picker.property(name) for name in names}])
        raise Failure("org.freedesktop.DBus.Error.UnknownMethod", "unknown method")

    def create_form(self, call):
        if call.signature != "ssa{sv}":
            raise Failure(INVALID_ARGS, "expected 'ssa{sv}'")
        name, spec, _ = call.body
        path = new_path(FORM_PREFIX, name, self.forms, MAX_FORMS, "form")
        try:
            names = [field["name"] for field in json.loads(spec)["fields"]]
        except (ValueError, KeyError, TypeError):
            raise Failure(ERROR + "InvalidSpec", "not a spec of named fields")
        if not 0 < len(names) <= MAX_FIELDS:
            raise Failure(ERROR + "InvalidSpec", "no fields")
        self.forms[path] = Form(path, names)
        return Message.new_method_return(call, "o", [path])

    def set_values(self, call, form):
        if call.signature != "a{sv}t":
            raise Failure(INVALID_ARGS, "expected 'a{sv}t'")
        given, expected = call.body
        for name, value in given.items():
            if name not in form.values:
                raise Failure(ERROR + "UnknownField", "unknown field")
            if value.signature != "s":
                raise Failure(INVALID_ARGS, "expected a string")
            if len(value.value) > MAX_CHARACTERS:
                raise Failure(ERROR + "LimitExceeded", "value too long")
        if expected != 0 and expected != form.revision:
            raise Failure(ERROR + "RevisionMismatch", "revision mismatch")
        for name, value in given.items():
            form.values[name] = value.value
        form.revision += 1
        self.properties_changed(form.path, FORM, {"Revision": Variant("t", form.revision)}, ["Values"])
        for name, value in given.items():
            self.bus.send(Message.new_signal(form.path, FORM, "ValueChanged", "sv", [name, Variant("s", value.value)]))
        return Message.new_method_return(call, "t", [form.revision])

    def route(self, call):
        if call.path == ROOT and call.interface == MANAGER and call.member == "CreatePicker":
            return self.create_picker(call)
        if call.path == ROOT and call.interface == MANAGER and call.member == "CreateForm":
            return self.create_form(call)
        form = self.forms.get(call.path)
        if form is not None:
            if call.interface == FORM and call.member == "SetValues":
                return self.set_values(call, form)
            raise Failure("org.freedesktop.DBus.Error.UnknownMethod", "unknown method")
        picker = self.pickers.get(call.path)
        if picker is None:
            raise Failure("org.freedesktop.DBus.Error.UnknownObject", "no such object")
        if call.interface == PICKER and call.member == "SelectRow":
            return self.select_row(call, picker)
        if call.interface == PICKER and call.member == "SetItems":
            return self.set_items(call, picker)
        if call.interface == PROPERTIES:
            return self.picker_properties(call, picker)
        raise Failure("org.freedesktop.DBus.Error.UnknownMethod", "unknown method")

    def handle(self, call):
        """dbus-fast's message handler: a reply for every call under ROOT."""
        if call.message_type != MessageType.METHOD_CALL or not (call.path == ROOT or call.path.startswith(ROOT + "/")):
            return None
        try:
            return self.route(call)
        except Failure as failure:
            return Message.new_error(call, failure.name, failure.text)


async def main():
    arguments = sys.argv[1:]
    if "--address" not in arguments or arguments.index("--address") + 1 >= len(arguments):
        sys.exit("picker-server.py: usage: picker-server.py --address ADDRESS (other options are ignored)")
    bus = await MessageBus(bus_address=arguments[arguments.index("--address") + 1]).connect()
    bus._writer.sock = PatientSocket(bus._writer.sock)
    server = Server(bus)
    bus.add_message_handler(server.handle)
    if await bus.request_name("org.rxwidgets.Widgets1", NameFlag.DO_NOT_QUEUE) != RequestNameReply.PRIMARY_OWNER:
        sys.exit("picker-server.py: cannot own org.rxwidgets.Widgets1")
    await bus.wait_for_disconnect()


if __name__ == "__main__":
    asyncio.run(main())
