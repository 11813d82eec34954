"""Equations whose numbers carry units, judged by their units (symattn.check.units)."""
from __future__ import annotations

import pytest

from symattn.check import check_text


def _verdicts(line: str) -> list[str]:
    report = check_text(f"# Budget\n\nThe weights: {line}\n", "u.md")
    return [c.status for c in report.claims if c.line == 3 and c.status != "unverifiable"]


@pytest.mark.parametrize("line, want", [
    # parameters × bytes/parameter is bytes; 7e9 × 2 B is 14 GB, not 70e9 × 2 B
    ("**70×10^9 parameters×2 Bytes/parameter=14GB**", "wrong"),
    ("**7×10^9 parameters×2 Bytes/parameter=14GB**", "exact"),
    ("**60×10^9 parameters×0.5 Bytes/parameter=30GB**", "exact"),
    (r"$7 \times 10^9 \text{ params} \times 2 \text{ bytes} = 13 \text{ GiB}$", "rounded"),
    # bare numbers counting bytes, read with decimal or binary prefixes
    (r"$2 \times 32 \times 8 \times 128 \times 2 = 128 \text{ KB/token}$", "exact"),
    (r"$2 \times 32 \times 8 \times 128 \times 2 = 131 \text{ KB/token}$", "rounded"),
    (r"$2 \times 32 \times 8 \times 128 \times 2 = 256 \text{ KB/token}$", "wrong"),
    # arithmetic in the unit of its result
    ("**10 GB*0.8 = 8 GB**", "exact"),
    (r"$10 \text{ GB} \times 0.8 = 9 \text{ GB}$", "wrong"),
    # an operand printed with decimals may be rounded: 2025.8 × 0.7 = 1418.06, within its rounding
    (r"$2025.8 \times 0.70 = 1418.0 \text{ GiB}$", "rounded"),
])
def test_an_equation_is_judged_in_the_units_it_writes(line, want):
    """Units beside numbers were names with no value (``parameters``, ``G·B``): the line went
    unjudged.  Each is now a quantity, and the print is judged in its own unit under every reading
    (decimal or binary prefixes; bare numbers in the result's unit or counting what it counts)."""
    assert want in _verdicts(line)
    assert (want == "wrong") == ("wrong" in _verdicts(line))


def test_the_witness_is_the_value_in_the_printed_unit():
    report = check_text("# Budget\n\nThe weights: **70×10^9 parameters×2 Bytes/parameter=14GB**\n", "u.md")
    (wrong,) = [c for c in report.claims if c.status == "wrong"]
    assert "140 GB" in str(wrong.reason) and wrong.expected == "140"


@pytest.mark.parametrize("line", [
    "7B × 2 = 14 GB",                                   # the B of 7B is a billion, not a byte
    "Llama-2-7b = 70억 × 2 bytes = 14,000,000,000 bytes ≈ 14 GB",   # 억 is 10^8
    "512 MB × 배치 4 = 2.0 GB",                          # the words cut the product: "4 = 2.0 GB"
    "42 ms × 1000 ≈ 42 秒",                              # the unit of the result is not the operand's
    r"$268 \text{ MB} \times 80 = 21.5 \text{ GB}$",    # 268 MB may be 268.4 MB rounded
])
def test_a_line_its_units_do_not_determine_is_never_wrong(line):
    assert "wrong" not in _verdicts(line)
