#!/bin/sh
# Writes docs/images/install-*.png: the install, success and failure pages as headless Chromium
# shows them, taken by the browser install test (Tests/TenkiAppTests/Install/InstallBrowserTests.swift)
# against real `tenki serve` and `tenki fakes` processes. Needs chromium and Python's websockets.
set -eu
cd "$(dirname "$0")/.."
swift build --build-tests
TENKI_TEST_REQUIRE_BROWSER=1 TENKI_INSTALL_SCREENSHOTS="$PWD/docs/images" \
    swift test --skip-build --filter InstallBrowserTests
ls -l docs/images/install-*.png
