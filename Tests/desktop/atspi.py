#!/usr/bin/python3
"""Reads and drives a GTK window through the AT-SPI accessibility tree, as a
screen reader does, for the GTK front end's tests.

    atspi.py tree APP                      every node: role, name, states
    atspi.py find APP ROLE NAME [SECONDS]  waits for a node; prints it as JSON
    atspi.py act APP ROLE NAME ACTION      performs the node's action (click…)
    atspi.py focus APP ROLE NAME           gives the node the keyboard focus
    atspi.py set-value APP ROLE NAME VALUE sets the node's value (a slider's…)
    atspi.py wait-state APP ROLE NAME STATE SECONDS
                                           prints "ready" once the node is found,
                                           then the monotonic time (seconds) at
                                           which it first has STATE

APP is the application's name (rxwidgets-gtk); NAME may be '*' for any. A
node without a name of its own (a list's row) goes by the first name inside it.
Exit status 0 when the node was found and the action done, 1 otherwise."""

import json
import subprocess
import sys
import time

import pyatspi


def application(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and app.name == name:
            return app
    return None


def walk(node, depth=0):
    if node is None or depth > 40:
        return
    yield node, depth
    for child in node:
        yield from walk(child, depth + 1)


def name_of(node, depth=0):
    # GTK names an unnamed node after its class (GtkListItemWidget): such a
    # node goes by the first name inside it, as a screen reader reads it.
    if node.name and not node.name.startswith("Gtk"):
        return node.name
    if depth < 4:
        for child in node:
            if child is not None:
                name = name_of(child, depth + 1)
                if name:
                    return name
    return ""


def describe(node):
    states = node.getState().getStates()
    entry = {
        "role": node.getRoleName(),
        "name": name_of(node),
        "description": node.description,
        "states": sorted(pyatspi.stateToString(state) for state in states),
    }
    try:
        text = node.queryText()
        entry["text"] = text.getText(0, text.characterCount)
    except NotImplementedError:
        pass
    try:
        value = node.queryValue()
        entry["value"] = value.currentValue
    except NotImplementedError:
        pass
    try:
        action = node.queryAction()
        entry["actions"] = [action.getName(i) for i in range(action.nActions)]
    except Exception:
        pass
    entry["children"] = [name_of(child) for child in node if child is not None]
    return entry


def find(app_name, role, name, seconds=10.0):
    deadline = time.time() + seconds
    while time.time() < deadline:
        app = application(app_name)
        if app is not None:
            for node, _ in walk(app):
                if node.getRoleName() == role and (name == "*" or name_of(node) == name):
                    return node
        time.sleep(0.1)
    return None


def main(arguments):
    command = arguments[0]
    if command == "tree":
        app = application(arguments[1])
        if app is None:
            print("no application", arguments[1], file=sys.stderr)
            return 1
        for node, depth in walk(app):
            entry = describe(node)
            print("  " * depth + json.dumps({key: entry[key] for key in entry if key != "children"}))
        return 0
    node = find(arguments[1], arguments[2], arguments[3], float(arguments[4]) if command == "find" and len(arguments) > 4 else 10.0)
    if node is None:
        print("no %s named %r in %s" % (arguments[2], arguments[3], arguments[1]), file=sys.stderr)
        return 1
    if command == "find":
        print(json.dumps(describe(node)))
    elif command == "act":
        action = node.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        if arguments[4] not in names:
            print("%r has no action %r, only %r" % (arguments[3], arguments[4], names), file=sys.stderr)
            return 1
        action.doAction(names.index(arguments[4]))
    elif command == "click":
        # A click of the pointer at the middle of the node (a column
        # header, which offers no action): its extents on the screen.
        extents = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        if extents.width <= 0 or extents.height <= 0:
            print("%r has no extents on the screen: %r" % (arguments[3], extents), file=sys.stderr)
            return 1
        subprocess.run(["xdotool", "mousemove", str(extents.x + extents.width // 2), str(extents.y + extents.height // 2), "click", "1"], check=True)
    elif command == "focus":
        if not node.queryComponent().grabFocus():
            print("%r did not take the focus" % arguments[3], file=sys.stderr)
            return 1
    elif command == "wait-state":
        print("ready", flush=True)
        deadline = time.monotonic() + float(arguments[5])
        while time.monotonic() < deadline:
            states = [pyatspi.stateToString(state) for state in node.getState().getStates()]
            if arguments[4] in states:
                print("%.6f" % time.monotonic(), flush=True)
                return 0
            time.sleep(0.005)
        print("never %r" % arguments[4], file=sys.stderr)
        return 1
    elif command == "set-value":
        node.queryValue().currentValue = float(arguments[4])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
