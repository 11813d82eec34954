"""The words of the text report in English and Chinese (``check --lang``).

Input: a message key or a verdict sentence of the checker.  Output: the text in the report's language.
The checker's own sentences are English; in Chinese the report writes its own frame, its wrong entries
and the common mistakes, and translates the checker's frequent phrases (the rest stays as written).
"""

from __future__ import annotations

import re

__all__ = ["LANGS", "say", "status_word", "translate"]

LANGS = ("en", "zh")

_TEXT = {
    "en": {
        "title": "symattn check: {file}",
        "line": "line {n:>{w}}",
        "entry": "✗ {entry}: printed {claimed}, exact {exact}",
        "correct": " (correct: {correct})",
        "mistake": "likely mistake: {text}",
        "drift": "drift: {text}",
        "note": "note: {text}",
        "carried_head": "carried from line {root} ({n} claim(s) on {k} line(s), listed here):",
        "carried_from": "carried from line {root}",
        "definitions": "definitions read from the article:",
        "notes": "notes:",
        "summary": "summary: {claims} claims: {exact} exact, {rounded} rounded, {wrong} wrong, "
                   "{unverifiable} unverifiable (exit code {exit_code})",
        "split": "wrong: {roots} root error(s) (slip or drift), {carried} carried on {carried_lines} line(s)",
        "total": "total: {files} files: {clean} clean, {with_wrong} with wrong claims, {bad} bad input; "
                 "{claims} claims: {exact} exact, {rounded} rounded, {wrong} wrong ({roots} root errors, "
                 "{carried} carried), {unverifiable} unverifiable (exit code {exit_code})",
        "bad": "bad input: {error}",
        "fixed": "corrected copy: {out} ({n} entries replaced on line(s) {lines})",
        "unplaced": "not fixed (the printed text is not on its line): {items}",
        "more": "… and {n} more",
    },
    "zh": {
        "title": "symattn 检查：{file}",
        "line": "第 {n:>{w}} 行",
        "entry": "✗ {entry}：文中写 {claimed}，精确值 {exact}",
        "correct": "（应为 {correct}）",
        "mistake": "可能的错误：{text}",
        "drift": "漂移：{text}",
        "note": "注：{text}",
        "carried_head": "由第 {root} 行的错误带出（{n} 处结论，共 {k} 行，列在此处）：",
        "carried_from": "由第 {root} 行的错误带出",
        "definitions": "从文中读到的定义：",
        "notes": "说明：",
        "summary": "小结：{claims} 处结论：{exact} 处精确，{rounded} 处四舍五入后正确，{wrong} 处错误，"
                   "{unverifiable} 处无法验证（退出码 {exit_code}）",
        "split": "错误：{roots} 处源头错误（计算失误或过早舍入），{carried} 处由其带出，共 {carried_lines} 行",
        "total": "合计：{files} 个文件：{clean} 个无误，{with_wrong} 个有错误，{bad} 个无法读取；"
                 "{claims} 处结论：{exact} 处精确，{rounded} 处四舍五入后正确，{wrong} 处错误（{roots} 处源头，"
                 "{carried} 处带出），{unverifiable} 处无法验证（退出码 {exit_code}）",
        "bad": "无法读取：{error}",
        "fixed": "更正后的副本：{out}（替换了 {n} 个数，所在行：{lines}）",
        "unplaced": "未能更正（在所报的行上找不到文中写的数）：{items}",
        "more": "…… 另有 {n} 处",
    },
}

_STATUS = {"zh": {"exact": "精确", "rounded": "近似正确", "wrong": "错误", "unverifiable": "无法验证"}}

#: the common mistakes of diagnose.py and engine.py, and the checker's frequent phrases
_PHRASES_ZH = [
    (r"no scaling: softmax\(QKᵀ\) without ÷√d_k", "没有缩放：softmax(QKᵀ) 前没有除以 √d_k"),
    (r"divided by d_k instead of √d_k", "除以了 d_k，而不是 √d_k"),
    (r"divided by √d_model instead of √d_k", "除以了 √d_model，而不是 √d_k"),
    (r"softmax over columns instead of rows", "按列做了 softmax，而不是按行"),
    (r"K used instead of Kᵀ", "用了 K 而不是 Kᵀ"),
    (r"e ≈ 2\.7 used in the exponentials", "指数里用了 e ≈ 2.7"),
    (r"intermediate values rounded early \(e\^x to (\d) decimals?\)", r"中间值舍入过早（e^x 保留 \1 位小数）"),
    (r"intermediate values rounded early", "中间值舍入过早"),
    (r"an expression with no = or ≈: nothing is claimed about its value", "没有 = 或 ≈ 的式子：没有断言它的值"),
    (r"cannot read this math: ", "无法读取这段数学："),
    (r"both sides are exactly equal", "两边精确相等"),
    (r"follows from the article's own wrong value on line (\d+), so it is wrong too",
     r"由文中第 \1 行的错误值得出，所以同样是错的"),
    (r"right from the rounded values printed on line\(s\) ([\d, ]+), but not from the exact inputs",
     r"用第 \1 行印出的舍入值算是对的，但用精确输入算不对"),
    (r"the value printed on line (\d+)", r"第 \1 行印出的值"),
    (r"what its operands give \(lines? ([\d, ]+)\)", r"由其操作数（第 \1 行）算出的值"),
    (r"from the article's inputs", "由文中的输入算出"),
    (r"at the printed precision", "在所印的精度下"),
    (r"agrees with ", "符合 "),
    (r"exactly equal to ", "精确等于 "),
    (r"printed ([^\s,;]+), should be ([^\s,;]+)", r"文中写 \1，应为 \2"),
    (r"rounded to (\d+) decimals?", r"舍入到 \1 位小数"),
    (r"cannot compute ([^:]+): (\S+) is not given in the article", r"无法计算 \1：文中没有给出 \2"),
    (r"a matrix without a name or an equation: nothing to compare it with", "没有名字也没有等式的矩阵：无从比较"),
    (r"a shape mentioned in the prose, not attached to a matrix: nothing to check it against",
     "正文里提到的形状，没有对应的矩阵：无从核对"),
    (r"\bis not checked\b", "不在检查范围内"),
    (r"(\d+) of (\d+) entries differ from the exact ", r"\2 个数中有 \1 个与精确值不符："),
    (r"row (\d+) of the printed weights sums to (\S+), not 1: that is rounding, not an error",
     r"印出的权重第 \1 行之和为 \2，不是 1：这是舍入，不是错误"),
    (r"which rounds to ([^\s,;]+)", r"舍入后为 \1"),
    (r"\(and (\d+) more\)", r"（另有 \1 处）"),
    (r"\(lines? ([\d, ]+)\)", r"（第 \1 行）"),
    (r"\be\.g\. ", "例如 "),
    (r"\bprinted ([^\s,;]+)", r"文中写 \1"),
    (r"\bexact\b", "精确值"),
    (r" from ", " 由 "),
    (r" given, ", " 已给出，"),
]
_COMPILED = [(re.compile(p), r) for p, r in _PHRASES_ZH]


def say(lang: str, key: str, **values) -> str:
    return _TEXT.get(lang, _TEXT["en"])[key].format(**values)


def status_word(lang: str, status: str) -> str:
    return _STATUS.get(lang, {}).get(status, status)


def translate(lang: str, text: str) -> str:
    """The checker's sentence in the report's language (phrases it does not know stay as written).

    >>> translate("zh", "the value printed on line 75: [1,1] printed 0.48, should be 0.45")
    '第 75 行印出的值: [1,1] 文中写 0.48，应为 0.45'
    """
    if lang != "zh" or not text:
        return text
    for pattern, repl in _COMPILED:
        text = pattern.sub(repl, text)
    return text
