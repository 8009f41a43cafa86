#!/usr/bin/env bash
# Make sure Debian's chromium is at /usr/bin/chromium for the browser tests (tests/e2e).
# Playwright's own browser download does not work on these machines: never `playwright install`.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [[ -x "$CHROMIUM" ]]; then
    echo "install-chromium: $CHROMIUM already present"
    exit 0
fi

if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "install-chromium: installing Debian's chromium with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y chromium
    if [[ ! -x "$CHROMIUM" ]]; then
        echo "install-chromium: apt-get finished but $CHROMIUM is still missing" >&2
        exit 1
    fi
    echo "install-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)"
    exit 0
fi

cat >&2 <<MSG
install-chromium: $CHROMIUM not found and it cannot be installed automatically
(needs root and apt-get). Install Debian's chromium yourself, e.g.
    sudo apt-get update && sudo apt-get install -y chromium
Without it the browser tests in tests/e2e are skipped (and fail when CI=true).
MSG
if [[ "${CI:-}" == "true" ]]; then
    exit 1
fi
exit 0
