"""The QR code of the children's address: module for module another encoder's, and read back."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from war_widget.classmode.qr import MAX_BYTES, _divisor, _Grid, _remainder, qr_matrix, qr_svg, qr_svg_path

DATA = Path(__file__).parent / "data" / "qr_reference.json"


def test_equal_to_zxing_cpp_module_for_module() -> None:
    reference = json.loads(DATA.read_text())
    assert reference["codes"]
    for code in reference["codes"]:
        mine = ["".join("1" if v else "0" for v in row) for row in qr_matrix(code["text"], code["mask"])]
        assert mine == code["rows"], code["text"][:30]


def _read_back(m: list[list[bool]], version: int) -> list[int]:
    """The codewords of a code: the format bits say its mask; unmask, read the zigzag."""
    n = len(m)
    bits = [m[i][8] for i in range(6)] + [m[7][8], m[8][8], m[8][7]] + [m[8][14 - i] for i in range(9, 15)]
    value = sum(int(v) << i for i, v in enumerate(bits)) ^ 0x5412
    assert value >> 13 == 0                        # level M
    mask = (value >> 10) & 7
    g = _Grid(version)
    g.function_patterns()
    from war_widget.classmode.qr import _MASKS
    out: list[bool] = []
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        for vert in range(n):
            for j in range(2):
                x = right - j
                y = n - 1 - vert if ((right + 1) & 2) == 0 else vert
                if not g.fixed[y][x]:
                    out.append(m[y][x] != _MASKS[mask](x, y))
        right -= 2
    return [int("".join("1" if b else "0" for b in out[i:i + 8]), 2) for i in range(0, len(out) - 7, 8)]


@pytest.mark.parametrize("text, version, ec, data", [
    ("http://192.168.1.20:8866/", 2, 16, 28), ("http://10.0.0.7:8866/", 2, 16, 28), ("http://a.b/", 1, 10, 16),
    ("http://教室.example/", 2, 16, 28),
])
def test_read_back_the_address_and_its_error_correction(text: str, version: int, ec: int, data: int) -> None:
    m = qr_matrix(text)
    assert len(m) == 17 + 4 * version
    words = _read_back(m, version)[:data + ec]
    raw = text.encode()
    assert words[0] >> 4 == 0b0100 and ((words[0] & 15) << 4 | words[1] >> 4) == len(raw)
    payload = bytes(((words[i] & 15) << 4) | (words[i + 1] >> 4) for i in range(1, 1 + len(raw)))
    assert payload == raw
    assert _remainder(words[:data], _divisor(ec)) == words[data:]


def test_bad_text_is_refused() -> None:
    with pytest.raises(ValueError, match="needs some text"):
        qr_matrix("")
    with pytest.raises(ValueError, match=f"at most {MAX_BYTES} bytes"):
        qr_matrix("x" * (MAX_BYTES + 1))
    with pytest.raises(ValueError, match="mask must be 0 to 7"):
        qr_matrix("x", mask=8)
    assert len(qr_matrix("x" * MAX_BYTES)) == 57


def test_svg_draws_every_dark_module_once() -> None:
    m = qr_matrix("http://192.168.1.20:8866/")
    p = qr_svg_path("http://192.168.1.20:8866/")
    assert p["size"] == len(m) + 8
    assert str(p["d"]).count("M") == sum(map(sum, m))
    assert qr_svg("http://192.168.1.20:8866/").startswith("<svg")
