#!/usr/bin/env bash
# Builds the `mapgen` package as crates.io would receive it, unpacks it outside the
# workspace and runs its own tests and doc tests there, with every feature.
# Usage: scripts/package-check.sh [TOOLCHAIN]   e.g. scripts/package-check.sh 1.88
# (the toolchain defaults to the pinned one; `rust-version` says the oldest that works).
set -euo pipefail
cd "$(dirname "$0")/.."
toolchain=${1:+"+$1"}
cargo package -p mapgen --allow-dirty --no-verify
version=$(cargo metadata --format-version 1 --no-deps |
  python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "mapgen"))')
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
tar xzf "target/package/mapgen-$version.crate" -C "$dir"
cd "$dir/mapgen-$version"
# Outside the workspace there is no rust-toolchain.toml: name the toolchain or take the default.
cargo ${toolchain:-} test --all-features
