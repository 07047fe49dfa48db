#!/usr/bin/env bash
# Remakes the gallery of docs/generators.md: docs/gallery/<generator>.png, one picture per generator
# in the order `mapgen generate --help` lists them (GeneratorKind::ALL), each
# `mapgen generate --format png --generator NAME --seed 3 --tile-size 4` at the default
# settings, and docs/gallery/<generator>.gif, the same with `--format gif` (the dungeon
# being made, at most 300 frames). Prints each file's size and the totals.
#
#   scripts/gallery.sh             build the mapgen command (dev profile) and draw
#   MAPGEN_BIN=path scripts/...    use an already built binary
set -euo pipefail
cd "$(dirname "$0")/.."

seed=3
tile_size=4
out=docs/gallery

if [[ -z "${MAPGEN_BIN:-}" ]]; then
    cargo build -q -p mapgen-cli --bin mapgen
    MAPGEN_BIN="${CARGO_TARGET_DIR:-target}/debug/mapgen"
fi

# The generator names, as the help lists them under --generator: "  NAME: what it is".
names=$("$MAPGEN_BIN" generate --help \
    | sed -n '/--generator <NAME>/,/^$/p' \
    | sed -n 's/^ *\([a-z][a-z-]*\): .*/\1/p')
if [[ -z "$names" ]]; then
    echo "gallery.sh: no generator names in 'mapgen generate --help'" >&2
    exit 1
fi

mkdir -p "$out"
rm -f "$out"/*.png "$out"/*.gif
for name in $names; do
    "$MAPGEN_BIN" generate --format png --generator "$name" --seed "$seed" \
        --tile-size "$tile_size" --output "$out/$name.png"
    "$MAPGEN_BIN" generate --format gif --generator "$name" --seed "$seed" \
        --tile-size "$tile_size" --output "$out/$name.gif"
done
du -b "$out"/*.png "$out"/*.gif
echo "total: $(cat "$out"/*.png | wc -c) bytes of PNG, $(cat "$out"/*.gif | wc -c) bytes of GIF"
