#!/usr/bin/env python3
"""Times libtcod's FOV_SYMMETRIC_SHADOWCAST (python-tcod's C library) on the maps of the
fov-compare benchmark, for the field-of-view table of docs/performance.md.

    cargo run --release -p fov-compare --example fov_scenes -- /tmp/fov-scenes
    pip install tcod numpy
    python3 scripts/bench_libtcod.py /tmp/fov-scenes

The example writes the scenes as FOV case files (size, origin, map). This script
regenerates the pillar map from its documented recipe (SplitMix64, seed 0x5EED, a pillar
where draw % 10 == 0, centre cleared) and checks it against the file, so both sides time the
same map.

Timing: each computation calls `TCOD_map_compute_fov` straight through cffi on a
`tcod.map.Map` built once (no NumPy conversion in the loop), with light_walls on, like the
Rust benchmark. Each figure is the best of 7 runs of a loop of N calls, per call.

libtcod's fixed cost per call is measured twice:
  * on a 1x1 map: the Python loop, the cffi call and libtcod's own setup;
  * on a map of the scene's size whose every cell but the origin is opaque: the above plus
    clearing the whole map's fov flags, which libtcod does on every call.
The "libtcod, less fixed cost" column subtracts the 1x1 figure, leaving the C work.

Not part of CI: nothing in the build or tests depends on Python.
"""

import sys
import timeit
import warnings
from pathlib import Path

import numpy as np
import tcod
import tcod.constants
import tcod.map
from tcod.cffi import lib

ALGORITHM = tcod.constants.FOV_SYMMETRIC_SHADOWCAST
MASK64 = (1 << 64) - 1


def read_case(path):
    """(width, height, (x, y), transparent[h, w] as bool) from a FOV case file."""
    lines = path.read_text().splitlines()
    header = {}
    i = 0
    while lines[i].strip() != "map":
        line = lines[i].strip()
        if line and not line.startswith("#"):
            key, *values = line.split()
            header[key] = values
        i += 1
    w, h = map(int, header["size"])
    x, y = map(int, header["origin"])
    rows = lines[i + 1 : i + 1 + h]
    transparent = np.array([[c in ".~" for c in row] for row in rows], dtype=bool)
    assert transparent.shape == (h, w), path
    return w, h, (x, y), transparent


def splitmix64(state):
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def pillars(side=1000, seed=0x5EED):
    draws = splitmix64(seed)
    transparent = np.array(
        [[next(draws) % 10 != 0 for _ in range(side)] for _ in range(side)], dtype=bool
    )
    transparent[side // 2, side // 2] = True
    return transparent


def make_map(transparent):
    h, w = transparent.shape
    with warnings.catch_warnings():
        # tcod.map.Map is deprecated in favour of tcod.map.compute_fov, which converts
        # NumPy arrays on every call; the Map object keeps the C map between calls.
        warnings.simplefilter("ignore", DeprecationWarning)
        m = tcod.map.Map(w, h)
    m.transparent[...] = transparent
    return m


def per_call(m, x, y, radius):
    """Best-of-7 seconds per TCOD_map_compute_fov call."""
    map_c = m.map_c

    def call():
        lib.TCOD_map_compute_fov(map_c, x, y, radius, True, ALGORITHM)

    timer = timeit.Timer(call)
    number, _ = timer.autorange()
    number = max(number, 10) * 2
    return min(timer.repeat(repeat=7, number=number)) / number


def us(seconds):
    return f"{seconds * 1e6:9.3f} µs"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = Path(sys.argv[1])
    print(f"tcod {tcod.__version__}, FOV_SYMMETRIC_SHADOWCAST = {ALGORITHM}, light_walls on")

    one = make_map(np.ones((1, 1), dtype=bool))
    fixed = per_call(one, 0, 0, 0)
    print(f"fixed cost per call (1x1 map: Python loop + cffi + libtcod setup): {us(fixed)}")

    for name in ["tutorial-80x45", "pillars-1000x1000", "open-1000x1000"]:
        w, h, (x, y), transparent = read_case(folder / f"{name}.txt")
        if name.startswith("pillars"):
            assert np.array_equal(transparent, pillars()), "pillar map differs from recipe"
            print("pillar map matches its SplitMix64 recipe")
        m = make_map(transparent)

        boxed = np.zeros_like(transparent)
        boxed[y, x] = True
        cleared = per_call(make_map(boxed), x, y, 0)
        print(
            f"{name}: cost per call with nothing to see (fixed + clearing {w}x{h}): "
            f"{us(cleared)}"
        )
        for radius in [8, 0]:
            t = per_call(m, x, y, radius)
            lib.TCOD_map_compute_fov(m.map_c, x, y, radius, True, ALGORITHM)
            visible = int(m.fov.sum())
            label = "unlimited" if radius == 0 else f"radius {radius}"
            print(
                f"{name} {label:>9}: libtcod {us(t)}, less fixed cost {us(t - fixed)}, "
                f"{visible} cells visible"
            )


if __name__ == "__main__":
    main()
