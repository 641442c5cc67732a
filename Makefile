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
# The shipped binary carries the Swift runtime inside it, so it runs where no
# toolchain is installed (ldd then names only system libraries).
# GNU ld packs its 43,000 relative relocations (DT_RELR: 8 KiB, not the 1 MiB
# gold writes and the loader reads at every start) and exports no symbols;
# lld would keep Foundation's ICU data. Two libraries are linked in from
# their archives, found first in STATIC_LIBS (made by `deps`): the C++
# library the Swift runtime uses (25 of its functions; mapping libstdc++.so
# cost 0.4-0.8 MiB of RSS at start), and libdbus, whose shared library
# brings libsystemd and six more libraries (0.6 MiB at start) for two
# calls of a bus server's socket activation, answered by CLinux
# (listen_fds.c). libdbus's pkg-config file there names the archive's
# directory: SwiftPM puts a library's -L before any of ours.
# (bench/README.md, "Start-up".)
STATIC_LIBS := $(CURDIR)/.build/static-libs
# Each function is compiled into a section of its own, and the ~2,000 that
# run before the daemon owns its name are placed together at the front of
# its code (scripts/startup-order.ld, written by `make startup-order`): the
# kernel maps code around each fault (a whole large folio of the page
# cache), so start-up code spread over 12 MB made 6-7 MiB of it resident.
# A function the list no longer names only runs where it was.
ORDER_FLAGS := -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
	-Xlinker -T -Xlinker $(CURDIR)/scripts/startup-order.ld
LINK_FLAGS := -Xswiftc -use-ld=bfd -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic -Xswiftc -L$(STATIC_LIBS) --pkg-config-path $(STATIC_LIBS)
SHIP_FLAGS := $(RELEASE_FLAGS) --static-swift-stdlib $(LINK_FLAGS) $(ORDER_FLAGS)
# The daemon's tests run again on the shipped build (`make test`, last): its
# functions are in other sections and order, its code optimized across
# modules, libdbus linked from the archive — what the debug build the other
# tests use does not show. Suites that time the daemon against a client
# (fairness, soak) stay on the debug build.
SHIPPED_DAEMON_TESTS := ^IntegrationTests\.(ClientTests|HostileInputTests|HeaderFirstTests|SearchTests|RemoteValidatorTests|PromptTests|ProgressTests|ManagedObjectsTests|BulkBindTests|LoadItemsTests|MemoryBudgetTests|DecodingBudgetTests|FormLocaleTests|StateTests|ReplaceFollowingTests)/
PREFIX ?= /usr/local
DESTDIR ?=
# The system bus reads policies from /usr/share/dbus-1/system.d (the
# distribution's) and $(sysconfdir)/dbus-1/system.d (the administrator's):
# a policy under /usr/local/share is never read.
sysconfdir ?= /etc
ifeq ($(PREFIX),/usr)
SYSTEM_POLICY_DIR := $(PREFIX)/share/dbus-1/system.d
else
SYSTEM_POLICY_DIR := $(sysconfdir)/dbus-1/system.d
endif
# The desktop agent starts with the session from its autostart file, or
# from its user unit once enabled; the same entry among the applications
# names it to the notification server (the desktop-entry hint). Autostart
# files are read from $XDG_CONFIG_DIRS (/etc/xdg by default): one under
# /usr/local/etc is never read.
AUTOSTART_DIR := $(sysconfdir)/xdg/autostart
# Where each shell looks for completions of installed commands.
BASH_COMPLETIONS := $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS := $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS := $(PREFIX)/share/fish/vendor_completions.d
# The message catalogs (po/*.po), compiled where a program in .build finds them.
LANGUAGES := $(basename $(notdir $(wildcard po/*.po)))
CATALOGS := .build/locale

INSTALLED := $(PREFIX)/bin/rxwidgetsd $(PREFIX)/bin/rxwidgets $(PREFIX)/bin/rxwidgets-gtk \
	$(PREFIX)/share/dbus-1/services/org.rxwidgets.Widgets1.service \
	$(PREFIX)/share/dbus-1/system-services/org.rxwidgets.Widgets1.service \
	$(PREFIX)/lib/systemd/user/rxwidgetsd.service \
	$(PREFIX)/lib/systemd/system/rxwidgetsd-system.service \
	$(PREFIX)/lib/systemd/user/rxwidgets-agent.service $(AUTOSTART_DIR)/rxwidgets-agent.desktop \
	$(PREFIX)/share/applications/rxwidgets-agent.desktop \
	$(PREFIX)/share/man/man8/rxwidgetsd.8 $(PREFIX)/share/man/man1/rxwidgets.1 $(PREFIX)/share/man/man1/rxwidgets-gtk.1 \
	$(BASH_COMPLETIONS)/rxwidgetsd $(BASH_COMPLETIONS)/rxwidgets $(BASH_COMPLETIONS)/rxwidgets-gtk \
	$(ZSH_COMPLETIONS)/_rxwidgetsd $(ZSH_COMPLETIONS)/_rxwidgets $(ZSH_COMPLETIONS)/_rxwidgets-gtk \
	$(FISH_COMPLETIONS)/rxwidgetsd.fish $(FISH_COMPLETIONS)/rxwidgets.fish $(FISH_COMPLETIONS)/rxwidgets-gtk.fish \
	$(SYSTEM_POLICY_DIR)/org.rxwidgets.Widgets1.conf \
	$(foreach language,$(LANGUAGES),$(PREFIX)/share/locale/$(language)/LC_MESSAGES/rxwidgets.mo) \
	$(addprefix $(PREFIX)/share/dbus-1/interfaces/,$(notdir $(wildcard dbus/org.rxwidgets.Widgets1.*.xml)))

.PHONY: deps catalogs build run test demo screenshots bench bench-frontend callgrind startup-order xml docs install uninstall clean

deps:
	@scripts/install-deps
	@mkdir -p $(STATIC_LIBS) && ln -sf "$$(gcc -print-file-name=libstdc++.a)" $(STATIC_LIBS)/libstdc++.a
	@ln -sf "$$(pkg-config --variable=libdir dbus-1)/libdbus-1.a" $(STATIC_LIBS)/libdbus-1.a
	@sed -e 's|^Libs:.*|Libs: -L$(STATIC_LIBS) -ldbus-1|' -e '/^Libs.private:/d' \
		"$$(pkg-config --variable=pcfiledir dbus-1)/dbus-1.pc" > $(STATIC_LIBS)/dbus-1.pc

catalogs: deps
	scripts/extract-messages --compile $(CATALOGS)

build: catalogs
	$(SWIFT) build $(SWIFT_FLAGS)

run: catalogs
	$(SWIFT) build $(SWIFT_FLAGS) --product rxwidgetsd
	$(SWIFT) build $(SWIFT_FLAGS) --product rxwidgets
	scripts/run-daemon .build/debug/rxwidgetsd $(ARGS)

# --build-tests builds the daemon too, which the integration tests run.
test: catalogs
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgetsd
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgets
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgets-gtk
	scripts/check-ship .build/release/rxwidgetsd .build/release/rxwidgets .build/release/rxwidgets-gtk
	$(SWIFT) test --skip-build --disable-swift-testing
	RXWIDGETS_TEST_DAEMON=$(CURDIR)/.build/release/rxwidgetsd $(SWIFT) test --skip-build --disable-swift-testing --filter '$(SHIPPED_DAEMON_TESTS)'

demo: catalogs
	$(SWIFT) build $(SWIFT_FLAGS) --product rxwidgetsd
	$(SWIFT) build $(SWIFT_FLAGS) --product rxwidgets
	scripts/demo .build/debug/rxwidgetsd .build/debug/rxwidgets

# docs/screenshots/: every kind of rxwidgets-gtk window beside zenity's for
# the same task, on a private X server and bus.
screenshots: catalogs
	$(SWIFT) build $(SWIFT_FLAGS) --product rxwidgetsd
	$(SWIFT) build $(SWIFT_FLAGS) --product rxwidgets-gtk
	scripts/screenshots .build/debug

# The benchmark table (bench/README.md): the shipped daemon on a private bus,
# all pinned to CPU 0 unless UNPINNED=1.
bench: deps
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgetsd
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgets-bench
	gcc -O2 -Wall -Wextra -Werror -o .build/release/picker-server bench/reference/picker-server.c $$(pkg-config --cflags --libs dbus-1)
	bench/python-reference .build/release/picker-server-python
	$(if $(UNPINNED),,taskset -c 0) .build/release/rxwidgets-bench .build/release/rxwidgetsd --reference .build/release/picker-server \
		$$([ -x .build/release/picker-server-python ] && echo --python-reference .build/release/picker-server-python) $(BENCH_ARGS)
	$(MAKE) --no-print-directory bench-frontend

# The shipped front ends against fzf and zenity (bench/README.md, "Front end"):
# not pinned, as fzf searches on every CPU and the daemon off its loop.
bench-frontend: deps
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgetsd
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgets
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgets-gtk
	bench/frontend .build/release/rxwidgetsd .build/release/rxwidgets .build/release/rxwidgets-gtk $(FRONTEND_ARGS)

# Lists the functions the shipped daemon runs at start-up (callgrind) in
# scripts/startup-order.ld, which SHIP_FLAGS link with; run it again when
# start-up changes much (a stale list is correct, it only orders less).
startup-order: deps
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgetsd
	scripts/startup-order .build/release/rxwidgetsd scripts/startup-order.ld

# Instructions per SelectRow and per Form.SetValue of the shipped daemon (bench/README.md).
callgrind: deps
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgetsd
	bench/callgrind .build/release/rxwidgetsd $(CALLS)

# Regenerates the introspection files from the interface declarations.
xml: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product rxwidgetsd
	.build/debug/rxwidgetsd --print-introspection dbus

# Regenerates the API reference from the same declarations.
docs: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product rxwidgetsd
	.build/debug/rxwidgetsd --print-reference > docs/api.md

install: catalogs
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgetsd
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgets
	$(SWIFT) build $(SHIP_FLAGS) --product rxwidgets-gtk
	install -D -s -m 0755 .build/release/rxwidgetsd $(DESTDIR)$(PREFIX)/bin/rxwidgetsd
	install -D -s -m 0755 .build/release/rxwidgets $(DESTDIR)$(PREFIX)/bin/rxwidgets
	install -D -s -m 0755 .build/release/rxwidgets-gtk $(DESTDIR)$(PREFIX)/bin/rxwidgets-gtk
	install -d $(DESTDIR)$(PREFIX)/share/dbus-1/services $(DESTDIR)$(PREFIX)/share/dbus-1/system-services \
		$(DESTDIR)$(PREFIX)/share/dbus-1/interfaces $(DESTDIR)$(SYSTEM_POLICY_DIR) \
		$(DESTDIR)$(PREFIX)/lib/systemd/user $(DESTDIR)$(PREFIX)/lib/systemd/system $(DESTDIR)$(PREFIX)/share/man/man8
	sed 's|^Exec=.*rxwidgetsd|Exec=$(PREFIX)/bin/rxwidgetsd|' dbus/org.rxwidgets.Widgets1.service \
		> $(DESTDIR)$(PREFIX)/share/dbus-1/services/org.rxwidgets.Widgets1.service
	sed 's|^Exec=.*rxwidgetsd|Exec=$(PREFIX)/bin/rxwidgetsd|' dbus/org.rxwidgets.Widgets1.system.service \
		> $(DESTDIR)$(PREFIX)/share/dbus-1/system-services/org.rxwidgets.Widgets1.service
	install -m 0644 dbus/org.rxwidgets.Widgets1.*.xml $(DESTDIR)$(PREFIX)/share/dbus-1/interfaces/
	install -m 0644 dbus/org.rxwidgets.Widgets1.conf $(DESTDIR)$(SYSTEM_POLICY_DIR)/
	sed 's|^ExecStart=.*rxwidgetsd|ExecStart=$(PREFIX)/bin/rxwidgetsd|' systemd/rxwidgetsd.service \
		> $(DESTDIR)$(PREFIX)/lib/systemd/user/rxwidgetsd.service
	sed 's|^ExecStart=.*rxwidgetsd|ExecStart=$(PREFIX)/bin/rxwidgetsd|' systemd/rxwidgetsd-system.service \
		> $(DESTDIR)$(PREFIX)/lib/systemd/system/rxwidgetsd-system.service
	sed 's|^ExecStart=.*rxwidgets-gtk|ExecStart=$(PREFIX)/bin/rxwidgets-gtk|' systemd/rxwidgets-agent.service \
		> $(DESTDIR)$(PREFIX)/lib/systemd/user/rxwidgets-agent.service
	install -d $(DESTDIR)$(AUTOSTART_DIR) $(DESTDIR)$(PREFIX)/share/applications
	sed 's|^Exec=.*rxwidgets-gtk|Exec=$(PREFIX)/bin/rxwidgets-gtk|' xdg/autostart/rxwidgets-agent.desktop \
		> $(DESTDIR)$(AUTOSTART_DIR)/rxwidgets-agent.desktop
	sed 's|^Exec=.*rxwidgets-gtk|Exec=$(PREFIX)/bin/rxwidgets-gtk|' xdg/autostart/rxwidgets-agent.desktop \
		> $(DESTDIR)$(PREFIX)/share/applications/rxwidgets-agent.desktop
	install -m 0644 man/rxwidgetsd.8 $(DESTDIR)$(PREFIX)/share/man/man8/
	$(foreach language,$(LANGUAGES),install -D -m 0644 $(CATALOGS)/$(language)/LC_MESSAGES/rxwidgets.mo \
		$(DESTDIR)$(PREFIX)/share/locale/$(language)/LC_MESSAGES/rxwidgets.mo;)
	install -D -m 0644 man/rxwidgets.1 $(DESTDIR)$(PREFIX)/share/man/man1/rxwidgets.1
	install -D -m 0644 man/rxwidgets-gtk.1 $(DESTDIR)$(PREFIX)/share/man/man1/rxwidgets-gtk.1
	install -d $(DESTDIR)$(BASH_COMPLETIONS) $(DESTDIR)$(ZSH_COMPLETIONS) $(DESTDIR)$(FISH_COMPLETIONS)
	install -m 0644 completions/rxwidgetsd.bash $(DESTDIR)$(BASH_COMPLETIONS)/rxwidgetsd
	install -m 0644 completions/_rxwidgetsd $(DESTDIR)$(ZSH_COMPLETIONS)/_rxwidgetsd
	install -m 0644 completions/rxwidgetsd.fish $(DESTDIR)$(FISH_COMPLETIONS)/rxwidgetsd.fish
	.build/release/rxwidgets completions bash > $(DESTDIR)$(BASH_COMPLETIONS)/rxwidgets
	.build/release/rxwidgets completions zsh > $(DESTDIR)$(ZSH_COMPLETIONS)/_rxwidgets
	.build/release/rxwidgets completions fish > $(DESTDIR)$(FISH_COMPLETIONS)/rxwidgets.fish
	.build/release/rxwidgets-gtk completions bash > $(DESTDIR)$(BASH_COMPLETIONS)/rxwidgets-gtk
	.build/release/rxwidgets-gtk completions zsh > $(DESTDIR)$(ZSH_COMPLETIONS)/_rxwidgets-gtk
	.build/release/rxwidgets-gtk completions fish > $(DESTDIR)$(FISH_COMPLETIONS)/rxwidgets-gtk.fish

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))

clean:
	rm -rf .build
