#!/usr/bin/python3
"""ansi2png: draw a `tmux capture-pane -p -e` capture as a PNG, to look at what a
terminal shows (xterm's default palette for 0..15, the 256-colour cube and grey
ramp, 24-bit SGR). Each cell is CWxCH pixels: U+2580/U+2584 are drawn as their
two halves, sextants (U+1FB00..) and octants (U+1CD00.., the quadrants and
other block elements) as their 2x3 / 2x4 patterns, other non-blank characters as a block of the foreground colour in
the middle of the background (enough to see text and glyph maps).

    ansi2png.py CAPTURE.ansi OUT.png [--cell 6x12]
"""
import re
import sys

from PIL import Image

ANSI16 = [0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
          0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff]
LEVEL = [0, 95, 135, 175, 215, 255]
DEF_FG, DEF_BG = 0xd0d0d0, 0x101010


def xterm(i):
    if i < 16:
        return ANSI16[i]
    if i < 232:
        i -= 16
        return LEVEL[i // 36] << 16 | LEVEL[(i // 6) % 6] << 8 | LEVEL[i % 6]
    v = 8 + 10 * (i - 232)
    return v << 16 | v << 8 | v


def _block_patterns():
    """char -> (cols, rows, mask), bit i = sub-pixel i (row-major, top first)."""
    pat = {}
    s = 0x1FB00
    for m in range(1, 63):
        if m in (0x15, 0x2A):
            continue
        pat[chr(s)] = (2, 3, m)
        s += 1
    old = {0x0F: 0x2580, 0xF0: 0x2584, 0x55: 0x258C, 0xAA: 0x2590, 0xC0: 0x2582, 0xFC: 0x2586,
           0x03: 0x1FB82, 0x3F: 0x1FB85, 0x14: 0x1FBE6, 0x28: 0x1FBE7, 0x50: 0x2596, 0xA0: 0x2597,
           0x05: 0x2598, 0xF5: 0x2599, 0xA5: 0x259A, 0x5F: 0x259B, 0xAF: 0x259C, 0x0A: 0x259D,
           0x5A: 0x259E, 0xFA: 0x259F, 0x01: 0x1CEA8, 0x02: 0x1CEAB, 0x40: 0x1CEA3, 0x80: 0x1CEA0}
    o = 0x1CD00
    for m in range(1, 255):
        if m in old:
            pat.setdefault(chr(old[m]), (2, 4, m))
        else:
            pat[chr(o)] = (2, 4, m)
            o += 1
    pat['\u2588'] = (1, 1, 1)
    return pat


PATTERNS = _block_patterns()


def parse_sgr(params, st):
    p = [int(x) if x else 0 for x in re.split('[;:]', params)] if params else [0]
    i = 0
    while i < len(p):
        c = p[i]
        if c == 0:
            st.update(fg=None, bg=None, bold=False, rev=False)
        elif c == 1:
            st['bold'] = True
        elif c == 22:
            st['bold'] = False
        elif c == 7:
            st['rev'] = True
        elif c == 27:
            st['rev'] = False
        elif 30 <= c <= 37:
            st['fg'] = ('p', c - 30)
        elif 90 <= c <= 97:
            st['fg'] = ('p', c - 90 + 8)
        elif 40 <= c <= 47:
            st['bg'] = ('p', c - 40)
        elif 100 <= c <= 107:
            st['bg'] = ('p', c - 100 + 8)
        elif c == 39:
            st['fg'] = None
        elif c == 49:
            st['bg'] = None
        elif c in (38, 48) and i + 1 < len(p):
            key = 'fg' if c == 38 else 'bg'
            if p[i + 1] == 5 and i + 2 < len(p):
                st[key] = ('p', p[i + 2])
                i += 2
            elif p[i + 1] == 2:
                rgb = [x for x in p[i + 2:i + 6]]
                if len(rgb) == 4 and ':' in params:  # 38:2::r:g:b (colour space id)
                    rgb = rgb[1:]
                rgb = (rgb + [0, 0, 0])[:3]
                st[key] = ('rgb', rgb[0] << 16 | rgb[1] << 8 | rgb[2])
                i += 1 + len(rgb)
        i += 1


def colour(spec, default, bold=False):
    if spec is None:
        return default
    kind, v = spec
    if kind == 'p':
        if bold and v < 8:
            v += 8
        return xterm(v)
    return v


def main():
    args = sys.argv[1:]
    cw, ch = 6, 12
    if '--cell' in args:
        k = args.index('--cell')
        cw, ch = (int(x) for x in args[k + 1].split('x'))
        del args[k:k + 2]
    src, out = args
    lines = open(src, encoding='utf-8', errors='replace').read().split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    cols = 1
    grid = []
    tok = re.compile(r'\x1b\[([0-9;:]*)m|\x1b[^m]*?[A-Za-z]|(.)', re.S)
    st = dict(fg=None, bg=None, bold=False, rev=False)  # tmux carries SGR across lines
    for line in lines:
        row = []
        for m in tok.finditer(line):
            if m.group(2) is None:
                if m.group(0).endswith('m'):
                    parse_sgr(m.group(1), st)
                continue
            fg = colour(st['fg'], DEF_FG, st['bold'])
            bg = colour(st['bg'], DEF_BG)
            if st['rev']:
                fg, bg = bg, fg
            row.append((m.group(2), fg, bg))
        grid.append(row)
        cols = max(cols, len(row))
    img = Image.new('RGB', (cols * cw, max(1, len(grid)) * ch), (DEF_BG >> 16, (DEF_BG >> 8) & 255, DEF_BG & 255))
    px = img.load()
    for y, row in enumerate(grid):
        for x, (c, fg, bg) in enumerate(row):
            for j in range(ch):
                for i in range(cw):
                    if c in PATTERNS and c not in ('\u2580', '\u2584'):
                        gc, gr, m = PATTERNS[c]
                        k = (j * gr // ch) * gc + (i * gc // cw)
                        v = fg if (m >> k) & 1 else bg
                    elif c == '\u2580':
                        v = fg if j < ch // 2 else bg
                    elif c == '\u2584':
                        v = bg if j < ch // 2 else fg
                    elif c != ' ' and cw // 4 <= i < cw - cw // 4 and ch // 4 <= j < ch - ch // 4:
                        v = fg
                    else:
                        v = bg
                    px[x * cw + i, y * ch + j] = (v >> 16, (v >> 8) & 255, v & 255)
    img.save(out)


if __name__ == '__main__':
    main()
