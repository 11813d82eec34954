r"""Layouts of notebook outputs converted to Markdown.

Input: the lines between a code cell and the cell after it.  Output: whether that cell is the code
cell's output, as when nothing stands between them, or only a caption that says so (``Output:``,
``输出：``, ``Out[3]:``) -- converters and authors put one there.

>>> output_caption(["", "输出：", ""])
True
>>> output_caption(["Then we normalise the scores:"])
False
"""

from __future__ import annotations

import re

__all__ = ["output_caption"]

#: "output" in the languages of the corpus and their neighbours, alone on its line
_CAPTION = re.compile(r"^\s*(?:\*\*|_)?(?:output|outputs|out(?:\s*\[\d*\])?|result|prints?|console|stdout|"
                      r"输出|输出结果|运行结果|结果|出力|実行結果|출력|결과|salida|resultado|saída|sortie|résultat|"
                      r"ausgabe|çıktı|kết quả|вывод)\s*(?:(?:\*\*|_)\s*)?[:：]?\s*(?:(?:\*\*|_)\s*)?$", re.I)


def output_caption(between: list[str]) -> bool:
    """Only blank lines, or one caption that says "output", stand between two cells."""
    text = [ln for ln in between if ln.strip()]
    return not text or (len(text) == 1 and bool(_CAPTION.match(text[0])))
