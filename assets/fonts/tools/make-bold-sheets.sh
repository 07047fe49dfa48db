#!/usr/bin/env bash
# Regenerates bold6x12.png and bold12x24.png from Debian's xfonts-terminus (Terminus Font,
# SIL OFL 1.1). Needs apt-get (Debian 12) and python3; installs pcf2bdf when missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(dirname "$here")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
command -v pcf2bdf >/dev/null || apt-get install -y pcf2bdf
cd "$work"
apt-get download xfonts-terminus
dpkg-deb -x xfonts-terminus_*.deb x
for pair in "ter-u12b bold6x12" "ter-u24b bold12x24"; do
  set -- $pair
  zcat "x/usr/share/fonts/X11/misc/$1_unicode.pcf.gz" > "$1.pcf"
  pcf2bdf -o "$1.bdf" "$1.pcf"
  python3 "$here/bdf2cp437.py" "$1.bdf" "$out/$2.png"
done
