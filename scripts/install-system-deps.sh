#!/usr/bin/env bash
# System packages the test suite needs that npm cannot provide. Idempotent: installs only what is missing.
# - Debian's Chromium (/usr/bin/chromium), driven by playwright-core in test/serve/catalog-page.test.ts.
#   Playwright's own browser download does not work here, so the test uses the distribution's build.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  echo "install-system-deps: chromium already installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
  exit 0
fi

# Run as root directly; otherwise through sudo when it is there.
if [ "$(id -u)" -eq 0 ]; then
  as_root() { "$@"; }
elif command -v sudo >/dev/null 2>&1; then
  as_root() { sudo "$@"; }
else
  echo "install-system-deps: $CHROMIUM is missing, and installing it needs root or sudo." >&2
  echo "  Install Debian's package yourself: apt-get install -y --no-install-recommends chromium" >&2
  exit 1
fi

echo "install-system-deps: installing Debian's chromium"
as_root env DEBIAN_FRONTEND=noninteractive apt-get update
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium

if [ ! -x "$CHROMIUM" ]; then
  echo "install-system-deps: apt-get finished but $CHROMIUM is still missing." >&2
  exit 1
fi
echo "install-system-deps: installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
