# The README's commands. `make test` is what CI runs.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

SWIFT ?= swift
# Swift 6 language mode with complete concurrency checking; any warning fails the build.
# The tests are XCTest only, so Swift Testing is turned off and XCTest's summary ends the run.
SWIFT_FLAGS := -Xswiftc -warnings-as-errors

.PHONY: deps build test clean

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --disable-swift-testing

clean:
	rm -rf .build
