#!/usr/bin/env bash
# System packages that npm cannot provide. Idempotent: installs only what is missing.
# - nginx (/usr/sbin/nginx): the static server `npm run bench` compares the companion server against;
#   the bench runs this script itself when nginx is missing.
# - njs (Debian's libnginx-mod-http-js, nginx's JavaScript module): the self-hosting nginx configuration
#   (`snapverse nginx`) restores each route's headers with it; test/nginx runs this script when it is missing.
# - wrk (/usr/bin/wrk): the load generator of `npm run bench`'s serving half (C, with a C parser: a load
#   generator written in JavaScript spends more per response than the servers it measures); the bench runs
#   this script itself when wrk is missing.
# - gh (/usr/bin/gh, Debian's GitHub CLI, 2.23 on bookworm) and git (/usr/bin/git, which `gh repo clone` runs):
#   the GitHub CLI test (test/serve/gh-cli.test.ts) runs this script itself when gh is missing.
# - chromium (/usr/bin/chromium): optional. The test suite uses the Chromium that the @sparticuz/chromium
#   npm package ships; set CHROMIUM_PATH=/usr/bin/chromium to test the catalog page with Debian's instead.
# Usage: scripts/install-system-deps.sh [nginx] [njs] [wrk] [gh] [git] [chromium]   (default: nginx)
set -euo pipefail

declare -A BINARY=([chromium]=/usr/bin/chromium [gh]=/usr/bin/gh [git]=/usr/bin/git [nginx]=/usr/sbin/nginx [njs]=/usr/lib/nginx/modules/ngx_http_js_module.so [wrk]=/usr/bin/wrk)
declare -A PACKAGE=([chromium]=chromium [gh]=gh [git]=git [nginx]=nginx [njs]=libnginx-mod-http-js [wrk]=wrk)
wanted=("$@")
[ ${#wanted[@]} -eq 0 ] && wanted=(nginx)

missing=()
for pkg in "${wanted[@]}"; do
  bin=${BINARY[$pkg]:-}
  if [ -z "$bin" ]; then echo "install-system-deps: unknown package '$pkg' (known: ${!BINARY[*]})" >&2; exit 2; fi
  if [ -e "$bin" ]; then echo "install-system-deps: $pkg already installed ($bin)"; else missing+=("$pkg"); fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

# Run as root directly; otherwise through sudo when it is there.
if [ "$(id -u)" -eq 0 ]; then
  as_root() { "$@"; }
elif command -v sudo >/dev/null 2>&1; then
  as_root() { sudo "$@"; }
else
  echo "install-system-deps: ${missing[*]} missing, and installing needs root or sudo." >&2
  packages=(); for pkg in "${missing[@]}"; do packages+=("${PACKAGE[$pkg]}"); done
  echo "  Install Debian's packages yourself: apt-get install -y --no-install-recommends ${packages[*]}" >&2
  exit 1
fi

packages=()
for pkg in "${missing[@]}"; do packages+=("${PACKAGE[$pkg]}"); done
echo "install-system-deps: installing Debian's ${packages[*]}"
as_root env DEBIAN_FRONTEND=noninteractive apt-get update
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}"

for pkg in "${missing[@]}"; do
  if [ ! -e "${BINARY[$pkg]}" ]; then echo "install-system-deps: apt-get finished but ${BINARY[$pkg]} is missing." >&2; exit 1; fi
done
echo "install-system-deps: installed ${missing[*]}"
