#!/usr/bin/env python3
"""Render a Unicode-encoded BDF bitmap font into a 16x16 CP437 glyph sheet PNG.

Usage: bdf2cp437.py FONT.bdf OUT.png

The sheet is what bracket-lib expects: 16 columns x 16 rows of glyphs in code page 437
order, white glyphs on black, 8-bit greyscale. Each CP437 code is mapped to its Unicode
character (0x01-0x1F and 0x7F read as the DOS graphics: smileys, card suits, arrows...)
and looked up by the BDF's ENCODING; code 0 is blank. A code whose character the font
lacks is reported on stderr and left blank. Standard library only.
"""
import struct
import sys
import zlib

# CP437 0x00-0x1F and 0x7F read as graphics, as a DOS screen shows them.
LOW = "\u0000☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼"


def cp437_char(code):
    if code < 0x20:
        return LOW[code]
    if code == 0x7F:
        return "⌂"
    return bytes([code]).decode("cp437")


def read_bdf(path):
    """Returns (cell width, cell height, {codepoint: rows of bits as ints, bbx})."""
    glyphs = {}
    cell = None
    ascent = None
    lines = iter(open(path, encoding="latin-1").read().splitlines())
    for line in lines:
        words = line.split()
        if not words:
            continue
        if words[0] == "FONTBOUNDINGBOX":
            cell = tuple(int(v) for v in words[1:5])
        elif words[0] == "FONT_ASCENT":
            ascent = int(words[1])
        elif words[0] == "STARTCHAR":
            code, bbx, rows = None, None, []
            for line in lines:
                words = line.split()
                if words[0] == "ENCODING":
                    code = int(words[1])
                elif words[0] == "BBX":
                    bbx = tuple(int(v) for v in words[1:5])
                elif words[0] == "BITMAP":
                    for line in lines:
                        if line.strip() == "ENDCHAR":
                            break
                        rows.append(line.strip())
                    break
            glyphs[code] = (bbx, rows)
    return cell, ascent, glyphs


def png(width, height, rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    src, out = sys.argv[1], sys.argv[2]
    (w, h, fx, fy), ascent, glyphs = read_bdf(src)
    sheet = [[0] * (16 * w) for _ in range(16 * h)]
    missing = []
    for code in range(1, 256):
        ch = cp437_char(code)
        if ord(ch) not in glyphs:
            missing.append(f"0x{code:02X} {ch!r}")
            continue
        (bw, bh, bx, by), rows = glyphs[ord(ch)]
        # Place the glyph's box on the cell: baseline at `ascent` rows from the top.
        left = (code % 16) * w + bx - fx
        top = (code // 16) * h + ascent - (by + bh)
        for y, hexrow in enumerate(rows):
            bits = int(hexrow, 16)
            nbits = len(hexrow) * 4
            for x in range(bw):
                if bits & (1 << (nbits - 1 - x)):
                    sheet[top + y][left + x] = 255
    if missing:
        print("missing, left blank: " + ", ".join(missing), file=sys.stderr)
    open(out, "wb").write(png(16 * w, 16 * h, sheet))
    print(f"{out}: {16 * w}x{16 * h}, glyph {w}x{h}")


if __name__ == "__main__":
    main()
