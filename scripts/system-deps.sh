#!/usr/bin/env bash
# What `npm test` needs from the system and npm cannot install: Debian's Chromium for the browser tests and a Java
# runtime for the HTML checker (vnu-jar). Installed with apt-get only when missing; nothing downloads a browser itself.
set -euo pipefail

packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
command -v java >/dev/null 2>&1 || packages+=(default-jre-headless)
[ ${#packages[@]} -eq 0 ] && exit 0

echo "Installing ${packages[*]} from Debian for the tests..."
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
