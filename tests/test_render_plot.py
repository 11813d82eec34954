"""``symattn plot``: heatmaps of the weights with token labels (CJK too) and exact values."""

import importlib.util
import math
from pathlib import Path

import numpy as np
import pytest

from conftest import require_tool
from symattn import plot as plot_module
from symattn.errors import SymattnError
from symattn.examples import article_spec
from symattn.plot import panels, weight_steps
from symattn.regen import DEFAULT_DIR
from symattn.spec import load_spec
from symattn.topics import derive

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def mpl():
    require_tool(None if importlib.util.find_spec("matplotlib") else
                 "matplotlib not installed: pip install 'symattn[plot]'")
    import matplotlib.image
    return matplotlib.image


def _softmax_rows(s):
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def test_panel_data_matches_numpy():
    d = derive(article_spec())
    (panel,) = panels(d)
    q = np.array([[1, 0, 1, 1], [0, 1, 0, 1], [1, 1, 0, 0]], float)
    k = np.array([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]], float)
    ref = _softmax_rows(q @ k.T / math.sqrt(4))
    assert np.allclose(np.array(panel.values), ref, atol=1e-12)
    assert np.allclose(np.array(panel.decimals, dtype=float), ref, atol=5e-5, rtol=0)
    assert panel.rows == panel.cols == ("我", "爱", "你")
    assert panel.exact[0][0] == r"$\frac{e^{1/2}}{e^{1/2} + 2}$" and panel.exact[1][1] == r"$\frac{1}{3}$"


@pytest.mark.parametrize("path", sorted(DEFAULT_DIR.glob("*.toml")), ids=lambda p: p.name)
def test_one_panel_per_weights_step(path):
    d = derive(load_spec(path))
    steps = weight_steps(d)
    if not steps:
        with pytest.raises(SymattnError, match="nothing to plot"):
            panels(d)
        return
    got = panels(d)
    assert [p.title for p in got] == [s.title[d.lang] for s in steps]
    for p in got:  # every row of weights sums to 1, masked entries are exactly 0
        for row in p.values:
            if all(v is not None for v in row):
                assert sum(row) == pytest.approx(1, abs=1e-12)


def _ink(image) -> float:
    rgb = image[..., :3]
    return float((rgb.mean(axis=2) < 0.9).mean())


def test_plot_article_png(mpl, run_cli, tmp_path):
    if plot_module.cjk_font() is None:  # without one the labels 我 爱 你 are boxes, and plot warns so
        require_tool("no CJK font installed (Debian: fonts-noto-cjk)")
    out = tmp_path / "weights.png"
    code, stdout, err = run_cli("plot", "-o", out)
    assert (code, stdout) == (0, "") and "warning" not in err
    data = out.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and 20_000 < len(data) < 2_000_000
    image = mpl.imread(out)
    h, w = image.shape[:2]
    assert 500 < w < 2000 and 500 < h < 2000
    assert image[..., :3].std() > 0.1 and 0.05 < _ink(image) < 0.9  # not blank, not a solid block
    assert out.read_bytes() == plot_module.plot(derive(article_spec()), "png")  # deterministic


def test_plot_gqa_and_masks_get_panels(mpl, run_cli, tmp_path):
    for name in ("wo-ai-ni-gqa.toml", "wo-ai-ni-causal.toml", "wo-ai-ni-mha.toml"):
        spec = DEFAULT_DIR / name
        if not spec.exists():
            continue
        out = tmp_path / (name + ".svg")
        code, _, err = run_cli("plot", spec, "-o", out)
        assert code == 0, err
        svg = out.read_text(encoding="utf-8")
        assert svg.count('id="axes_') == len(weight_steps(derive(load_spec(spec)))) + 1  # + the colour bar
        assert svg == plot_module.plot(derive(load_spec(spec)), "svg").decode()


def test_cjk_font_or_a_clear_warning(mpl, run_cli, tmp_path, monkeypatch):
    if plot_module.cjk_font() is None:
        require_tool("no CJK font installed (Debian: fonts-noto-cjk)")
    monkeypatch.setattr(plot_module, "cjk_font", lambda: None)
    code, _, err = run_cli("plot", "-o", tmp_path / "a.png")
    assert code == 0 and err.count("\n") == 1 and "no CJK font found" in err and "fonts-noto-cjk" in err


def test_plot_errors_are_one_line(run_cli, tmp_path, monkeypatch):
    spec = tmp_path / "s.toml"
    spec.write_text('tokens = ["a", "b"]\nQ = "symbolic"\nK = "symbolic"\nd_k = 2\n', encoding="utf-8")
    code, out, err = run_cli("plot", spec, "-o", tmp_path / "a.png")
    assert code == 2 and "nothing to plot" in err and err.count("\n") == 1
    code, out, err = run_cli("plot", "-o", tmp_path / "a.jpg")
    assert code == 2 and ".png or .svg" in err
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    code, out, err = run_cli("plot")
    assert code == 2 and "-o FILE.png" in err and out == ""
    assert not list(tmp_path.glob("*.png")) and not list(tmp_path.glob("*.jpg"))


def test_readme_shows_the_heatmap():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Heatmap" in readme and "](docs/heatmap.png)" in readme
    assert (ROOT / "docs" / "heatmap.png").read_bytes().startswith(b"\x89PNG")
