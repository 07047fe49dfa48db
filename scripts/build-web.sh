#!/usr/bin/env bash
# Builds the site into target/web/: index.html (the game), playground.html (the
# generators), their scripts and their two wasm modules. Serve it with
# `python3 -m http.server -d target/web` and open http://localhost:8000/.
#
# Needs only what the Rust and Debian package registries give: the wasm32-unknown-unknown
# target (rustup) and wasm-opt (Debian's binaryen), which shrinks the modules. No
# bindgen, and no tool that downloads binaries while it builds (docs/web.md).
#
# Fails when the game's module is over GAME_WASM_MAX bytes (its target: at most 1 MB);
# prints each module's size and gzip size.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_INCREMENTAL=0
GAME_WASM_MAX=1000000

if ! command -v wasm-opt >/dev/null; then
  echo "build-web: wasm-opt not found; install it with: apt-get install binaryen" >&2
  exit 1
fi
if command -v rustup >/dev/null &&
  ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

# One package a build: built together, the game's module would take the features the
# command needs (serde_json's raw values, 23 KB; clap's help, usage and colours, 41 KB).
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
for wasm in "$out"/*.wasm; do
  echo "build-web: $wasm: $(stat -c %s "$wasm") bytes, $(gzip -9c "$wasm" | wc -c) gzipped"
done
game_bytes=$(stat -c %s "$out/game.wasm")
if [ "$game_bytes" -gt "$GAME_WASM_MAX" ]; then
  echo "build-web: $out/game.wasm is $game_bytes bytes, over the $GAME_WASM_MAX allowed" \
    "(docs/performance.md says what takes the space)" >&2
  exit 1
fi
