#!/usr/bin/env python3
"""Lines of Rust code outside tests, per file and in total: lines that are not blank,
not a comment (//, ///, //!), and not inside an item marked #[cfg(test)] (brace-matched).

    python3 scripts/code_lines.py crates/game/src/*.rs
"""
import sys


def code_lines(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    count, i = 0, 0
    while i < len(lines):
        line = lines[i].strip()
        if line.startswith("#[cfg(test)]"):
            # Skip the item that follows, to its closing brace.
            j, depth, opened = i + 1, 0, False
            while j < len(lines):
                depth += lines[j].count("{") - lines[j].count("}")
                opened |= "{" in lines[j]
                if opened and depth <= 0:
                    break
                j += 1
            i = j + 1
            continue
        if line and not line.startswith("//"):
            count += 1
        i += 1
    return count


total = 0
for path in sys.argv[1:]:
    n = code_lines(path)
    total += n
    print(f"{n:5d} {path}")
print(f"{total:5d} total")
