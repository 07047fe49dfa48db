#!/usr/bin/env bash
# Builds the site into target/web/: index.html (the game), playground.html (the
# generators), their scripts and their two wasm modules. Serve it with
# `python3 -m http.server -d target/web` and open http://localhost:8000/.
#
# Needs only what the Rust and Debian package registries give: the wasm32-unknown-unknown
# target (rustup) and wasm-opt (Debian's binaryen), which takes the game's module under
# 1 MB. No bindgen, and no tool that downloads binaries while it builds (docs/web.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_INCREMENTAL=0

if ! command -v wasm-opt >/dev/null; then
  echo "build-web: wasm-opt not found; install it with: apt-get install binaryen" >&2
  exit 1
fi
if command -v rustup >/dev/null &&
  ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

# One package a build: built together, the game's module would take the features the
# command needs (serde_json's raw values, ...) and grow by 23 KB.
for package in game-web mapgen-web; do
  cargo build --profile web-release --target wasm32-unknown-unknown -p "$package"
done
built=target/wasm32-unknown-unknown/web-release
out=target/web
rm -rf "$out"
mkdir -p "$out"
for module in game:game_web playground:mapgen_web; do
  wasm-opt -Oz --strip-debug --strip-producers "$built/${module#*:}.wasm" -o "$out/${module%%:*}.wasm"
done
cp web/*.html web/*.js "$out/"
# The fonts' sheets, the very files the window embeds (crates/tileset/src/sheets.rs).
mkdir -p "$out/fonts"
cp assets/fonts/*.png "$out/fonts/"
ls -l "$out"/*.wasm | awk '{ print "build-web: " $NF ": " $5 " bytes" }'
