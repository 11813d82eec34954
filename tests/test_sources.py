"""Issue 26: every document beyond the article ends with its primary sources, and every card cites
its own in the back matter, in both languages (the sentences are symattn's, the facts the papers')."""

from __future__ import annotations

import re
import tomllib

import pytest

from symattn.cards import concept_deck, concepts
from symattn.regen import DEFAULT_DIR, outputs
from symattn.sources import WORKS, Cite, cite

#: the topics of the article's own pipeline: no paper beyond the article to cite
ARTICLE_TOPICS = {"attention", "consistency"}

SPECS = sorted(p for p in DEFAULT_DIR.glob("*.toml")
               if tomllib.loads(p.read_text(encoding="utf-8")).get("topic", "attention") not in ARTICLE_TOPICS)


def test_the_documents_beyond_the_article_are_the_expected_ones():
    names = {p.stem for p in SPECS}
    assert {"wo-ai-ni-mla", "wo-ai-ni-backward", "wo-ai-ni-kv-cache", "wo-ai-ni-alibi", "sliding-window",
            "wo-ai-ni-online-softmax", "why-sqrt-dk", "wo-ai-ni-rope", "wo-ai-ni-gqa"} <= names
    assert len(names) >= 17


@pytest.mark.parametrize("spec_path", SPECS, ids=lambda p: p.stem)
def test_every_document_beyond_the_article_ends_with_its_sources(spec_path):
    main = tomllib.loads(spec_path.read_text(encoding="utf-8")).get("lang", "zh")
    for path, text in outputs(spec_path).items():
        if path.suffix == ".json":
            assert '"sources": [' in text
            continue
        lang = path.suffixes[0][1:] if len(path.suffixes) > 1 else main
        heading = "参考文献" if lang == "zh" else "Sources"
        lines = text.rstrip("\n").splitlines()
        if path.suffix == ".md":
            at = lines.index(f"## {heading}")
            items = lines[at + 2:]
        else:
            at = lines.index(r"\section*{%s}" % heading)
            assert lines[at + 1:at + 3] == [r"\begin{itemize}", r"\raggedright"]
            assert lines[-2:] == [r"\end{itemize}", r"\end{document}"]
            items = lines[at + 3:-2]
        assert items and all(x.startswith(("- ", r"\item ")) and _located(x) for x in items), path.name
        assert all(("，" in x) == (lang == "zh") for x in items), path.name


def test_a_citation_names_work_and_part_in_both_languages():
    c = cite("dao2022", "3.1", ("算法 1", "Algorithm 1"))
    assert c.text("en") == ("Dao et al. (2022), FlashAttention: Fast and Memory-Efficient Exact Attention with "
                            "IO-Awareness, arXiv:2205.14135: Section 3.1, Algorithm 1.")
    assert c.text("zh").endswith("：第 3.1 节，算法 1。")
    assert cite("dao2022", "B").text("en").endswith(": Appendix B.")
    with pytest.raises(KeyError):
        cite("nobody2099")
    assert all(isinstance(w.title, str) and w.where for w in WORKS.values())


def test_every_card_cites_its_sources_in_both_languages():
    for c in concepts():
        assert c.sources and all(isinstance(s, Cite) for s in c.sources), c.key
    for lang, label in (("zh", "\n\n来源："), ("en", "\n\nSources: ")):
        for card in concept_deck(lang).cards:
            assert label in card.back, card.id
            tail = card.back.rsplit(label, 1)[1]
            assert _located(tail) and "$" not in tail, card.id


def _located(text: str) -> bool:
    """A citation says where the work is: an arXiv number, or the site of a manual or repository."""
    return "arXiv:" in text or "pytorch.org" in text or "github.com" in text


REQUIRED = ["vaswani2017", "shazeer2019", "ainslie2023", "su2021", "press2022", "dao2022", "dao2023",
            "milakov2018", "deepseek2024", "beltagy2020", "xiao2023"]


def test_the_issue_s_primary_sources_are_all_cited():
    from symattn.spec import load_spec
    from symattn.topics import derive
    cited = {s.key for c in concepts() for s in c.sources}
    cited |= {s.key for p in SPECS for s in derive(load_spec(p)).sources}
    assert set(REQUIRED) <= cited, sorted(set(REQUIRED) - cited)
