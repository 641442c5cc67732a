# The README's commands: `make run` builds and runs the daemon, `make test`
# runs every test (what CI runs). Both install what a fresh Debian lacks.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

SWIFT ?= swift
# Swift 6 language mode with complete concurrency checking; any warning fails the build.
# The tests are XCTest only, so Swift Testing is turned off and XCTest's summary ends the run.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors
# Release builds specialize generics across modules: the Rx pipelines span four.
RELEASE_FLAGS := -c release $(SWIFT_FLAGS) -Xswiftc -cross-module-optimization
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: deps build run test demo bench xml install clean

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

run: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product rxwidgetsd
	scripts/run-daemon .build/debug/rxwidgetsd $(ARGS)

# --build-tests builds the daemon too, which the integration tests run.
test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --disable-swift-testing

demo: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product rxwidgetsd
	scripts/demo .build/debug/rxwidgetsd

# The benchmark table (bench/README.md): a release daemon on a private bus,
# all pinned to CPU 0 unless UNPINNED=1.
bench: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product rxwidgetsd
	$(SWIFT) build $(RELEASE_FLAGS) --product rxwidgets-bench
	$(if $(UNPINNED),,taskset -c 0) .build/release/rxwidgets-bench .build/release/rxwidgetsd $(BENCH_ARGS)

# Regenerates the introspection files from the interface declarations.
xml: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product rxwidgetsd
	.build/debug/rxwidgetsd --print-introspection dbus

install: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product rxwidgetsd
	install -D -m 0755 .build/release/rxwidgetsd $(DESTDIR)$(PREFIX)/bin/rxwidgetsd
	install -d $(DESTDIR)$(PREFIX)/share/dbus-1/services $(DESTDIR)$(PREFIX)/share/dbus-1/interfaces \
		$(DESTDIR)$(PREFIX)/share/dbus-1/system.d $(DESTDIR)$(PREFIX)/lib/systemd/user
	sed 's|^Exec=.*rxwidgetsd|Exec=$(PREFIX)/bin/rxwidgetsd|' dbus/org.rxwidgets.Widgets1.service \
		> $(DESTDIR)$(PREFIX)/share/dbus-1/services/org.rxwidgets.Widgets1.service
	install -m 0644 dbus/org.rxwidgets.Widgets1.*.xml $(DESTDIR)$(PREFIX)/share/dbus-1/interfaces/
	install -m 0644 dbus/org.rxwidgets.Widgets1.conf $(DESTDIR)$(PREFIX)/share/dbus-1/system.d/
	sed 's|^ExecStart=.*rxwidgetsd|ExecStart=$(PREFIX)/bin/rxwidgetsd|' systemd/rxwidgetsd.service \
		> $(DESTDIR)$(PREFIX)/lib/systemd/user/rxwidgetsd.service

clean:
	rm -rf .build
