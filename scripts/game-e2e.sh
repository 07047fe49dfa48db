#!/usr/bin/env bash
# End-to-end check of the game in a real window under Xvfb (OpenGL through Mesa's
# software renderer). Exits non-zero if any check fails.
#
#   scripts/game-e2e.sh            build the game (dev profile) and run the checks
#   GAME_BIN=path scripts/...      use an already built binary
#   scripts/game-e2e.sh --docs     also remake the README's screenshots in docs/
#
# Checks:
#  1. a scripted run (--replay, --exit-after, --screenshot) exits 0 and saves a PNG of
#     the window's size that shows the tutorial's lit-ground colour (the map was drawn);
#  2. real key presses sent to the idle window with xdotool move the `@`, and Esc quits
#     with exit 0 and saves the screenshot;
#  3. bad input exits 2 with one line and no panic: a missing font, no display.
set -euo pipefail
cd "$(dirname "$0")/.."

docs=false
[ "${1:-}" = "--docs" ] && docs=true

# --- packages a bare Debian lacks -------------------------------------------------------
need=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_pkg() { dpkg -s "$1" >/dev/null 2>&1; }
have_cmd pkg-config || need+=(pkg-config)          # building winit's Wayland decorations
have_pkg libfontconfig1-dev || need+=(libfontconfig1-dev)
have_cmd Xvfb || need+=(xvfb)
have_pkg libgl1-mesa-dri || need+=(libgl1-mesa-dri)  # llvmpipe: OpenGL without a GPU
have_pkg libglx-mesa0 || need+=(libglx-mesa0)
for lib in libxcursor1 libxrandr2 libxi6 libx11-xcb1; do  # winit loads these at run time
  have_pkg "$lib" || need+=("$lib")
done
have_cmd xdotool || need+=(xdotool)
have_cmd identify || need+=(imagemagick)
if [ ${#need[@]} -gt 0 ]; then
  echo "game-e2e: installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# --- the binary -------------------------------------------------------------------------
if [ -z "${GAME_BIN:-}" ]; then
  cargo build --quiet -p game
  GAME_BIN="$(cargo metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')/debug/game"
fi
[ -x "$GAME_BIN" ] || { echo "game-e2e: no binary at $GAME_BIN" >&2; exit 1; }

work="$(mktemp -d)"
xvfb_pid=""
game_pid=""
cleanup() {
  [ -n "$game_pid" ] && kill "$game_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "game-e2e: FAIL: $*" >&2; exit 1; }

# --- Xvfb on a free display (it writes the number it chose to fd 3) ---------------------
Xvfb -displayfd 3 -screen 0 1600x1200x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
export DISPLAY=":$(head -n1 "$work/display")"
unset WAYLAND_DISPLAY
echo "game-e2e: Xvfb on $DISPLAY"

# --- 1. scripted run --------------------------------------------------------------------
shot="$work/replay.png"
replay="llllljjjjjnnnT"
out="$(timeout 120 "$GAME_BIN" --seed 42 --vsync off --replay "$replay" --exit-after 60 \
  --screenshot "$shot" 2>"$work/err1")" || fail "replay run exited $?: $(cat "$work/err1")"
echo "game-e2e: $out"
[ -s "$shot" ] || fail "no screenshot at $shot"
size="$(identify -format '%wx%h' "$shot")"
[ "$size" = "640x400" ] || fail "screenshot is $size, not the 640x400 window"
colours="$(identify -format '%k' "$shot")"
[ "$colours" -ge 4 ] || fail "screenshot has $colours colours: blank"
lit="$(convert "$shot" -fill black +opaque '#C8B432' -fill white -opaque '#C8B432' \
  -format '%[fx:round(mean*w*h)]' info:)"
[ "$lit" -gt 64 ] || fail "screenshot shows no lit ground (200,180,50): $lit pixels"
echo "game-e2e: ok 1: replay run, exit 0, $size screenshot, $colours colours, $lit lit-ground pixels"

# --- 1b. a grid dungeon: the minimap shows the rooms walked through, then G switches ----
# Seed 42's grid: west through three rooms from the start, then south into a fourth.
grid_keys="$(printf 'h%.0s' $(seq 36))$(printf 'j%.0s' $(seq 8))"
out="$(timeout 120 "$GAME_BIN" --seed 42 --generator grid --vsync off --replay "$grid_keys" \
  --exit-after 60 --screenshot "$work/grid.png" 2>"$work/err1b")" ||
  fail "grid run exited $?: $(cat "$work/err1b")"
echo "game-e2e: $out"
grep -q '@ (18, 36) after 44 moves' <<<"$out" || fail "the @ did not walk the grid route: $out"
minimap="$(convert "$work/grid.png" -fill black +opaque '#0C0C24' -fill white -opaque '#0C0C24' \
  -format '%[fx:round(mean*w*h)]' info:)"
[ "$minimap" -gt 1000 ] || fail "no minimap background (12,12,36) in the grid screenshot: $minimap"
out="$(timeout 120 "$GAME_BIN" --seed 42 --generator grid --vsync off --replay "g" \
  --exit-after 5 2>"$work/err1c")" || fail "G run exited $?: $(cat "$work/err1c")"
grep -q '^seed ' <<<"$out" && ! grep -q '^seed 42;' <<<"$out" ||
  fail "G should give a new dungeon from a fresh seed: $out"
echo "game-e2e: ok 1b: grid route, minimap drawn ($minimap pixels), G regenerates"

# --- 2. real key presses through X ------------------------------------------------------
# No --exit-after: the game runs as a player's would, slowing down when idle.
"$GAME_BIN" --seed 42 --screenshot "$work/keys.png" >"$work/out2" 2>"$work/err2" &
game_pid=$!
wid="$(timeout 30 xdotool search --sync --name '^mapgen - the dungeon$' | head -n1)" ||
  fail "the game's window did not appear: $(cat "$work/err2")"
xdotool windowfocus --sync "$wid"
sleep 1.5  # long enough to be idle (pacing::IDLE_AFTER)
# XTEST key events to the focused window, as a keyboard would send them.
for key in l l l j j; do xdotool key "$key"; sleep 0.15; done
sleep 0.5
xdotool key Escape
status=0
timeout 30 tail --pid="$game_pid" -f /dev/null || fail "Esc did not quit the game"
wait "$game_pid" || status=$?
game_pid=""
[ "$status" -eq 0 ] || fail "key run exited $status: $(cat "$work/err2")"
summary="$(cat "$work/out2")"
echo "game-e2e: $summary"
frames="$(sed -n 's/.*frames \([0-9]*\):.*/\1/p' <<<"$summary")"
grep -q '@ (' <<<"$summary" || fail "no position in: $summary"
moved="$(sed -n 's/.* after \([0-9]*\) moves.*/\1/p' <<<"$summary")"
[ "$moved" = "5" ] || fail "5 key presses should make 5 moves, saw ${moved:-none}: $summary"
[ -s "$work/keys.png" ] || fail "no screenshot after Esc"
echo "game-e2e: ok 2: xdotool keys moved the @ 5 times, Esc quit after $frames frames"

# --- 3. bad input: one line, exit 2, no panic -------------------------------------------
check_error() {
  local want="$1"; shift
  local status=0
  "$@" >/dev/null 2>"$work/err3" || status=$?
  [ "$status" -eq 2 ] || fail "$* exited $status, not 2: $(cat "$work/err3")"
  [ "$(wc -l <"$work/err3")" -eq 1 ] || fail "$* printed more than one line: $(cat "$work/err3")"
  grep -qF -- "$want" "$work/err3" || fail "$*: no '$want' in: $(cat "$work/err3")"
  ! grep -q -i "panick" "$work/err3" || fail "$* panicked: $(cat "$work/err3")"
}
check_error "font $work/none.png: no such file" "$GAME_BIN" --font "$work/none.png"
echo "not a png" >"$work/bad.png"
check_error "bad.png: not a PNG file" "$GAME_BIN" --font "$work/bad.png"
convert -size 100x60 xc:black "$work/odd.png"
check_error "odd.png: the image is 100x60 pixels" "$GAME_BIN" --font "$work/odd.png"
check_error "no display" env -u DISPLAY -u WAYLAND_DISPLAY "$GAME_BIN"
check_error "--room-min (12) is larger than --room-max (8)" \
  "$GAME_BIN" --room-min 12 --room-max 8
echo "game-e2e: ok 3: bad font, no display and bad settings exit 2 with one line"

# --- the README's screenshots -----------------------------------------------------------
if $docs; then
  mkdir -p docs
  "$GAME_BIN" --seed 42 --vsync off --replay "llllllllljjjjjjjnnnnnnlllllllluuuuT" \
    --exit-after 60 --screenshot docs/game-rooms.png >/dev/null
  "$GAME_BIN" --seed 42 --vsync off --font assets/fonts/vga8x16.png --replay "llllllllljjjjjjjM" \
    --exit-after 40 --screenshot docs/game-reveal-vga.png >/dev/null
  cp "$work/grid.png" docs/game-grid.png
  echo "game-e2e: wrote docs/game-rooms.png, docs/game-reveal-vga.png, docs/game-grid.png"
fi
echo "game-e2e: all checks passed"
