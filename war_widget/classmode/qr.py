"""A QR code of the children's address, made here in pure Python (no dependency, no network): the
projector shows it and a tablet's camera opens the page.

Byte mode, error correction level M (15% of the code may be covered or smudged), versions 1 to 10
(up to 213 bytes: an address is 30 to 60), the mask with the lowest penalty (ISO/IEC 18004
8.8.2).  ``qr_matrix`` gives the modules (True: dark) without the quiet zone; ``qr_svg_path``
one SVG path of the dark modules, each a 1x1 square, for a ``viewBox`` of the size plus a
quiet zone of 4 modules on each side.  Checked module by module against an independent
encoder's output (``tests/classmode/test_qr.py``).

>>> m = qr_matrix("http://192.168.1.20:8866/")
>>> len(m), m[0][:7]
(25, [True, True, True, True, True, True, True])
"""
from __future__ import annotations

from collections.abc import Callable

__all__ = ["qr_matrix", "qr_svg_path", "qr_svg", "MAX_BYTES"]

# level M: (error correction codewords per block, [(blocks, data codewords per block), ...]), versions 1..10
_BLOCKS: dict[int, tuple[int, list[tuple[int, int]]]] = {
    1: (10, [(1, 16)]), 2: (16, [(1, 28)]), 3: (26, [(1, 44)]), 4: (18, [(2, 32)]), 5: (24, [(2, 43)]),
    6: (16, [(4, 27)]), 7: (18, [(4, 31)]), 8: (22, [(2, 38), (2, 39)]), 9: (22, [(3, 36), (2, 37)]),
    10: (26, [(4, 43), (1, 44)]),
}
_ALIGN = {1: [], 2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34], 7: [6, 22, 38], 8: [6, 24, 42],
          9: [6, 26, 46], 10: [6, 28, 50]}
_LEVEL_M = 0           # the format bits of level M
MAX_BYTES = 213        # version 10, level M, byte mode


def _mul(x: int, y: int) -> int:
    """Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1."""
    z = 0
    for i in reversed(range(8)):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def _divisor(degree: int) -> list[int]:
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _mul(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _mul(root, 2)
    return result


def _remainder(data: list[int], divisor: list[int]) -> list[int]:
    result = [0] * len(divisor)
    for b in data:
        factor = b ^ result.pop(0)
        result.append(0)
        for i, coef in enumerate(divisor):
            result[i] ^= _mul(coef, factor)
    return result


def _codewords(data: bytes) -> tuple[int, list[int]]:
    """The smallest version that holds ``data``, and its codewords (data and error correction,
    interleaved)."""
    for version, (_ec, groups) in _BLOCKS.items():
        capacity = sum(n * k for n, k in groups)
        count_bits = 8 if version < 10 else 16
        if 4 + count_bits + 8 * len(data) <= capacity * 8:
            break
    else:
        raise ValueError(f"an address for the QR code is at most {MAX_BYTES} bytes; got {len(data)}")
    bits = [0, 1, 0, 0] + [(len(data) >> i) & 1 for i in reversed(range(count_bits))]
    for byte in data:
        bits += [(byte >> i) & 1 for i in reversed(range(8))]
    bits += [0] * min(4, capacity * 8 - len(bits))
    bits += [0] * (-len(bits) % 8)
    words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0xEC
    while len(words) < capacity:
        words.append(pad)
        pad ^= 0xEC ^ 0x11
    ec = _BLOCKS[version][0]
    blocks, at = [], 0
    for n, k in groups:
        for _ in range(n):
            blocks.append(words[at:at + k])
            at += k
    divisor = _divisor(ec)
    eccs = [_remainder(b, divisor) for b in blocks]
    out = [b[i] for i in range(max(map(len, blocks))) for b in blocks if i < len(b)]
    out += [e[i] for i in range(ec) for e in eccs]
    return version, out


class _Grid:
    def __init__(self, version: int) -> None:
        self.version = version
        self.size = n = 17 + 4 * version
        self.dark = [[False] * n for _ in range(n)]
        self.fixed = [[False] * n for _ in range(n)]

    def put(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def function_patterns(self) -> None:
        n = self.size
        for i in range(n):
            self.put(6, i, i % 2 == 0)
            self.put(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < n and 0 <= y < n:
                        self.put(x, y, max(abs(dx), abs(dy)) not in (2, 4))
        pos = _ALIGN[self.version]
        for i, ax in enumerate(pos):
            for j, ay in enumerate(pos):
                if (i, j) in ((0, 0), (0, len(pos) - 1), (len(pos) - 1, 0)):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.put(ax + dx, ay + dy, max(abs(dx), abs(dy)) != 1)
        self.format_bits(0)            # reserved now, written with the mask chosen
        if self.version >= 7:
            rem = self.version
            for _ in range(12):
                rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
            bits = self.version << 12 | rem
            for i in range(18):
                bit = (bits >> i) & 1 == 1
                a, b = n - 11 + i % 3, i // 3
                self.put(a, b, bit)
                self.put(b, a, bit)

    def format_bits(self, mask: int) -> None:
        n = self.size
        data = _LEVEL_M << 3 | mask
        rem = data
        for _ in range(10):
            rem = (rem << 1) ^ ((rem >> 9) * 0x537)
        bits = (data << 10 | rem) ^ 0x5412

        def bit(i: int) -> bool:
            return (bits >> i) & 1 == 1
        for i in range(6):
            self.put(8, i, bit(i))
        self.put(8, 7, bit(6))
        self.put(8, 8, bit(7))
        self.put(7, 8, bit(8))
        for i in range(9, 15):
            self.put(14 - i, 8, bit(i))
        for i in range(8):
            self.put(n - 1 - i, 8, bit(i))
        for i in range(8, 15):
            self.put(8, n - 15 + i, bit(i))
        self.put(8, n - 8, True)

    def place(self, words: list[int]) -> None:
        n, i, total = self.size, 0, len(words) * 8
        right = n - 1
        while right >= 1:
            if right == 6:
                right = 5
            for vert in range(n):
                for j in range(2):
                    x = right - j
                    y = n - 1 - vert if ((right + 1) & 2) == 0 else vert
                    if not self.fixed[y][x] and i < total:
                        self.dark[y][x] = (words[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
            right -= 2

    def masked(self, mask: int) -> list[list[bool]]:
        test = _MASKS[mask]
        return [[d != (not f and test(x, y)) for x, (d, f) in enumerate(zip(row, fixed, strict=True))]
                for y, (row, fixed) in enumerate(zip(self.dark, self.fixed, strict=True))]


_MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


def _penalty(m: list[list[bool]]) -> int:
    """ISO/IEC 18004's mask penalty: runs of five or more, 2x2 blocks, finder-like patterns, and
    the balance of dark and light."""
    n = len(m)
    score = 0
    lines = m + [list(col) for col in zip(*m, strict=True)]
    finder = ([True, False, True, True, True, False, True, False, False, False, False],
              [False, False, False, False, True, False, True, True, True, False, True])
    for line in lines:
        run, last = 0, None
        for v in line:
            run = run + 1 if v == last else 1
            last = v
            if run == 5:
                score += 3
            elif run > 5:
                score += 1
        for i in range(n - 10):
            if line[i:i + 11] in finder:
                score += 40
    for y in range(n - 1):
        for x in range(n - 1):
            if m[y][x] == m[y][x + 1] == m[y + 1][x] == m[y + 1][x + 1]:
                score += 3
    dark = sum(map(sum, m))
    score += abs(dark * 20 - n * n * 10) // (n * n) * 10
    return score


def qr_matrix(text: str, mask: int | None = None) -> list[list[bool]]:
    """The QR code of ``text`` (UTF-8, byte mode, level M) as rows of modules, True dark; ``mask``
    0..7 forces a mask (default: the lowest penalty)."""
    if not isinstance(text, str) or not text:
        raise ValueError(f"the QR code needs some text (the children's address); got {text!r}")
    if mask is not None and (isinstance(mask, bool) or mask not in range(8)):
        raise ValueError(f"mask must be 0 to 7 or None; got {mask!r}")
    version, words = _codewords(text.encode("utf-8"))
    grid = _Grid(version)
    grid.function_patterns()
    grid.place(words)
    best: tuple[int, int, list[list[bool]]] | None = None
    for k in range(8) if mask is None else (mask,):
        grid.format_bits(k)
        m = grid.masked(k)
        p = _penalty(m) if mask is None else 0
        if best is None or p < best[0]:
            best = (p, k, m)
    assert best is not None
    grid.format_bits(best[1])
    return grid.masked(best[1])


def qr_svg_path(text: str) -> dict[str, object]:
    """The QR code as one SVG path (``d``) of its dark modules, and the ``size`` of its viewBox
    (the modules plus a quiet zone of 4 on each side)."""
    m = qr_matrix(text)
    d = "".join(f"M{x + 4} {y + 4}h1v1h-1z" for y, row in enumerate(m) for x, v in enumerate(row) if v)
    return {"d": d, "size": len(m) + 8}


def qr_svg(text: str, scale: int = 8) -> str:
    """The QR code as a standalone SVG document (black on white)."""
    p = qr_svg_path(text)
    size = p["size"]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{int(size) * scale}" '  # type: ignore[call-overload]
            f'height="{int(size) * scale}" shape-rendering="crispEdges"><rect width="100%" height="100%" '  # type: ignore[call-overload]
            f'fill="#fff"/><path d="{p["d"]}" fill="#000"/></svg>')
