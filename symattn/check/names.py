r"""What a label names: the quantity of the attention pipeline that a caption, an assignment or a
print statement is about (``Raw scores Q Kᵀ:`` → scores, ``keys = np.dot(...)`` → K).

Input: the labels of a printed block, nearest first (see :mod:`symattn.check.read`).  Output: a
quantity family of :mod:`symattn.check.quantities` (``X``, ``Q``, ``scores``, ``weights``, …) or
None.  Names are matched as written in many languages and code habits; this module only names,
it never reads values.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["ONLINE", "hint", "by_name", "token_named", "derivative", "unknown_factor", "row_in_words", "applied_step", "LHS", "VARIANT", "SUM_WORDS",
           "APPROX_WORDS"]

#: a word that says the number after it is approximate ("roughly 12 GB", "约 0.45", "대략", "~")
APPROX_WORDS = (r"(?:\b(?:roughly|about|approximately|approx\.?|around|circa|ca\.|aproximadamente|environ|etwa|"
                r"ungefähr|примерно|около|khoảng|yaklaşık|kira-kira|sekitar)|大约|大概|约|約|およそ|ほぼ|대략|약|~|\\sim)")

#: a sum in words (a total row or column, ``Sum = 1.000``)
#: words (and the classifiers of Chinese, Japanese and Korean) that count whole items right after a
#: number: "≈ 50 条满长度序列", "29 requests", "3 blocks"; a count of a quotient is its floor or ceiling
COUNT_WORDS = re.compile(r"\s*(?:[条个块張张次位台件批页頁개장명個枚本]|(?:full[- ]length\s+)?(?:sequences?|requests?|"
                         r"blocks?|pages?|users?|GPUs?|cards?|chips?|batches|slots?|instances?|replicas?|nodes?|"
                         r"devices?|prompts?|streams?|samples?|times)\b)", re.I)
SUM_WORDS = r"(?:sum|total|Σ|合计|合計|总和|总计|합계|총합|somme|summe|suma|soma|сумма|tổng|jumlah|toplam)"

#: attention computed in blocks of keys: its o, ℓ and m are running accumulators, not the final steps
ONLINE = re.compile(r"online[- ]softmax|flash[- ]?attention|running (?:max|maximum|sum|output)|在线\s?softmax|"
                    r"オンライン\s?softmax|온라인\s?softmax", re.I)

_NAMES = {
    "X": ("x", "inputs", "input", "embeddings", "embedding", "emb", "tokens_embedded"),
    "W_Q": ("w_q", "wq", "w^q", "w^{q}", "w_{q}", "w_query", "query_weights", "wquery"),
    "W_K": ("w_k", "wk", "w^k", "w^{k}", "w_{k}", "w_key", "key_weights", "wkey"),
    "W_V": ("w_v", "wv", "w^v", "w^{v}", "w_{v}", "w_value", "value_weights", "wvalue"),
    "Q": ("q", "queries", "query", "queries_matrix"),
    "K": ("k", "keys", "key"),
    "V": ("v", "values", "value"),
    "KT": ("k^t", "kᵀ", "k.t", "k_t", "kt", "k^{t}", "k^\\top", "k^{\\top}", "k_transpose", "keys.t", "keys_t"),
    "scores": ("s", "scores", "score", "logits", "attn_scores", "attention_scores", "raw_scores", "qk", "qk^t",
               "qkᵀ", "q@k.t", "qk_t", "dots", "dot", "similarity", "qk^\\top", "qk^{\\top}", "qk^{t}", "qk.t",
               "q@k^t", "e"),
    "scaled": ("scaled", "scaled_scores", "scaled_logits", "scaled_attention_logits", "scores_scaled"),
    "weights": ("a", "p", "w", "weights", "attn", "attn_weights", "attention_weights", "attention", "probs",
                "alpha", "\\alpha", "softmax", "attention_probs", "weight"),
    "output": ("o", "z", "out", "output", "outputs", "context", "result", "attn_output", "attention_output",
               "y"),
}
_NAME = {alias: key for key, aliases in _NAMES.items() for alias in aliases}

# (family, keywords) in the order they are tried: the more specific first
_WORDS = (
    ("", ("weighted", "加权", "重み付き", "가중합", "ponderad", "pondéré", "gewichtet", "взвешен")),
    ("", ("weight matri", "权重矩阵", "가중치 행렬", "重み行列", "matriz de peso", "matrices de poids",
          "gewichtsmatri", "projection matri", "投影矩阵")),
    ("W_Q", ("w_q", "w^q", "wq", "w_{q}", "w^{q}", "query weight", "查询权重", "查询矩阵的权重")),
    ("W_K", ("w_k", "w^k", "wk", "w_{k}", "w^{k}", "key weight", "键权重")),
    ("W_V", ("w_v", "w^v", "wv", "w_{v}", "w^{v}", "value weight", "值权重")),
    ("output", ("attention(q", "output", "最终结果", "final result", "đầu ra", "çıktı", "ausgang", "context vector", "context", "输出", "出力", "출력", "salida",
                "saída", "sortie", "ausgabe", "выход", "new_", "加权求和", "加权和", "weighted sum")),
    # what goes into a softmax, named by its place before it: the scores, not the weights
    ("scores", ("before softmax", "before the softmax", "pre-softmax", "presoftmax", "prior to softmax",
                "input to softmax", "input to the softmax", "softmax input", "softmax前", "softmax 前", "softmax之前",
                "softmax 之前", "vor softmax", "vor dem softmax", "vor der softmax", "antes del softmax",
                "antes de softmax", "antes da softmax", "avant softmax", "avant le softmax", "avant la softmax",
                "softmax 전", "softmax 이전", "до softmax")),
    ("weights", ("softmax", "weight", "trọng số", "ağırlık", "pesos", "gewichte", "веса", "アテンション重み", "attention matri", "attention map", "attention distribution",
                 "probabilit", "probs", "权重", "注意力矩阵", "注意力分布", "概率", "重み", "가중치", "peso",
                 "poids", "gewicht", "вес", "α", "\\alpha", "attn_weights", "attn_probs")),
    ("exp", ("\\exp(", "\\exp \\left(", "\\exp\\left(", " exp(", "e^x", "exponentials", "指数")),
    ("scaled", ("scaled", "after scaling", "scaling", "/ √", "/√", "÷", "sqrt", "√", "\\sqrt", "缩放", "除以", "スケール", "스케일",
                "escala", "dividi", "l'échelle", "skaliert", "масштаб")),
    ("scores", ("score", "logit", "điểm", "puan", "puntuaci", "pontuaç", "punkte", "оценки", "스코어", "qk", "q·k", "q k", "q@k", "q @ k", "dot product", "dot-product", "分数",
                "得分", "打分", "相似度", "点积", "スコア", "내적", "점수", "puntua", "pontua",
                "produit scalaire", "скор", "оценк")),
    ("KT", ("transpose", "转置", "転置", "전치", "k^t", "kᵀ", "k.t", "k^{t}", "k^\\top")),
    ("Q", ("query", "queries", "查询", "クエリ", "쿼리", "consulta")),
    ("K", ("keys", "key matri", "key vector", "键", "キー", "키 ", "clave", "chave", "clé")),
    ("V", ("values", "value matri", "value vector", "值矩阵", "值向量", "バリュー", "값", "valor", "valeur")),
    ("X", ("input", "embedding", "đầu vào", "girdi", "eingabe", "вход", "输入", "词向量", "嵌入", "入力", "埋め込み", "임베딩", "입력", "entrada",
           "эмбеддинг")),
)
_CALL = re.compile(r"print\(\s*([A-Za-z_][\w.]*)")
#: a word in a compound that negates it names nothing: "context-free", "position-independent"
_NEGATED = re.compile(r"\b[^\W\d_]+-(?:free|independent|agnostic|less)\b", re.I)
#: a caption that says what the rows and what the columns of a matrix are ("rows = query, columns =
#: key"): it names the axes, not the quantity
_ROWS = re.compile(r"\b(?:rows?|строк[аи]?|zeilen?|filas?|linhas?|righe|lignes?|satır(?:lar)?|hàng)\b|行", re.I)
_COLUMNS = re.compile(r"\b(?:columns?|cols|столб(?:ец|цы)|spalten?|columnas?|colunas?|colonne|colonnes?|sütun(?:lar)?|cột)\b|列",
                      re.I)


def by_name(name: str) -> str | None:
    n = name.strip().strip("$*` ")
    n = re.sub(r"\\(?:mathbf|boldsymbol|bm|mathrm|text|mathit|operatorname)\b", "", n)
    n = re.sub(r"\\(?:cdot|times|,|;)|@|\*|\s|[{}]", "", n)
    if n in _NAME or n.lower() in _NAME:
        return _NAME.get(n, _NAME.get(n.lower()))
    low = n.lower()
    if low in _NAME:
        return _NAME[low]
    if re.fullmatch(r"W_?\d{1,3}", n):
        return None   # W_1, W_2: a layer's numbered weight matrix, not a row of the attention weights
    # key_2, q_{1}, attn_scores_2: a numbered row of the quantity the name says
    stem = re.sub(r"_\{?\d{1,3}\}?$|(?<=[a-z])\d{1,3}$", "", low)
    return _NAME.get(stem) if stem != low else None


#: quotes around a token's own word ("Hello", 'cat', “World”, «кот», `I`)
_QUOTED = r"[\"“”'‘’«»`]([^\"“”'‘’«»`\s]{1,24})[\"“”'‘’«»`]"
#: a row of a quantity named by its token: ``Value["Hello"]``, ``K("cat")``, ``Query for "Hello"``,
#: ``the key of 'World'``, ``q_{\text{cat}}``, ``k_World``, ``x_{我}``
_TOKEN_INDEXED = re.compile(rf"^(?P<role>[A-Za-z][\w^{{}}]{{0,20}})\s*[\[(]\s*{_QUOTED}\s*[\])]$")
_TOKEN_WORDS = re.compile(rf"^(?:the\s+)?(?P<role>[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+(?:for|of|at)\s+(?:the\s+)?"
                          rf"(?:token|word)?\s*{_QUOTED}$", re.I)
_TOKEN_SUBSCRIPT = re.compile(r"^(?P<role>[A-Za-z]{1,6})_(?:\{\s*(?:\\(?:text|mathrm|textrm)\s*\{)?(?P<a>[^\W\d_]+)\}?\s*\}"
                              r"|(?P<b>[^\W\d_]+))$")


def token_named(label: str) -> tuple[str, str] | None:
    r"""(step, token) for a label that names one token's row of a quantity, or None.

    A token's word in quotes after a quantity's name or caption names its row (``Value["Hello"]``,
    ``Query for "Hello":``).  Written as a subscript (``q_Hello``, ``x_{我}``, ``k_{\text{cat}}``),
    the token is a word set apart from code habits: capitalised (``k_World``), in a script other than
    Latin (``x_{我}``), or in ``\text{}``; a lower-case suffix (``q_rot``, ``k_cache``, ``x_pe``) is a
    variant's name in code, not a token.

    >>> token_named('**Query for "Hello":** `'), token_named('Value["Hello"] ='), token_named("- k_World =")
    (('Q', 'Hello'), ('V', 'Hello'), ('K', 'World'))
    >>> token_named("q_{\\text{cat}} ="), token_named("x_{我}:"), token_named("q_rot ="), token_named("K[0] =")
    (('Q', 'cat'), ('X', '我'), None, None)
    """
    text = re.sub(r"^[\s\-*•>`$]+|[\s`*$]+$", "", label)
    text = re.sub(r"\s*(?:=|:|：|≈|\\approx)\s*[`*$]*\s*$", "", text)
    text = re.sub(r"^[\s`*$]+|[\s`*$]+$", "", text)
    for pattern in (_TOKEN_INDEXED, _TOKEN_WORDS):
        m = pattern.match(text)
        if m:
            role = m.group("role")
            step = by_name(role) or _by_words(role)
            return (step, m.group(2)) if step in _TOKEN_STEPS else None
    m = _TOKEN_SUBSCRIPT.match(text)
    if m is None:
        return None
    token = m.group("a") or m.group("b")
    step = by_name(m.group("role"))
    latin = token.isascii()
    if step not in _TOKEN_STEPS or len(token) < 2 and latin or \
            latin and not (m.group("a") and "\\" in text or token[0].isupper() and token[1:].islower()):
        return None
    return step, token


#: quantities with a row per token
_TOKEN_STEPS = ("X", "Q", "K", "V", "scores", "scaled", "weights", "output")


LHS = re.compile(r"(.*?)\s*(?::=|=|≈|\\approx)\s*(?:np\.array|torch\.tensor|array|tensor|np\.round|round|\\left|"
                  r"\\mathbf|\(|\s)*$")


VARIANT = re.compile(r"\\(?:tilde|hat|bar|breve|check|widetilde|widehat)\b|[̃̂̄′]|'|_\{?(?:rot|rope)\b|\^\{?(?:rot|rope)\b")
_STATEMENT = re.compile(r"^\s*`?([A-Za-z_][\w.]*)\s*=\s*[^=\s].*#\s*$")


#: a derivative written as a name: ∂L/∂C, \frac{\partial L}{\partial V}, ∇_Q L, dL/dW
_DERIVATIVE = re.compile(r"∂|\\partial(?![A-Za-z])|∇|\\nabla(?![A-Za-z])|(?<![A-Za-z])d[A-Za-z]\w*\s*/\s*d[A-Za-z]"
                         # dQ, dS, dW_Q: a quantity's capital letter after d (d_k and dk are a width)
                         r"|(?<![A-Za-z\\])d(?:[QKVSAOPXYZ]|W(?:_?\{?[QKVOqkvo]\}?)?)(?![a-z])"
                         r"|\bgrad(?:ient)?s?\b|梯度|勾配|그래디언트|기울기")


#: a row of a quantity named in words, as the article counts (from 1): "Softmax(Row 3)", "fila 2",
#: "wiersz 2", "第3行", "3번째 행", "3行目"
_ROW = re.compile(r"\b(?:row|fila|linha|ligne|zeile|riga|rij|wiersz|řádek|satır|baris|hàng|строка)\s*(?:\{\s*)?(\d{1,3})\b|第\s*(\d{1,3})\s*行"
                  r"|(\d{1,3})\s*번째\s*행|(\d{1,3})\s*行目", re.I)


def row_in_words(label: str) -> int | None:
    """The row a label names in words, counted from 1 as the article does (``Row 3`` → 3), or None."""
    m = _ROW.search(label)
    n = int(next(g for g in m.groups() if g)) if m else 0
    return n if n >= 1 else None


def derivative(label: str) -> bool:
    """Does the label name a derivative (its name side, before ``=`` or ``:``)?  The gradient of a loss
    with respect to C is not C, whatever letter C is.

    >>> derivative("∂L/∂C ="), derivative("dL/dV = "), derivative("C = A @ V"), derivative("d_k = 4:")
    (True, True, False, False)
    >>> derivative("The whole score gradient is $dS ="), derivative("dW_Q ="), derivative("dk = 64, dv =")
    (True, True, False)
    """
    return bool(_DERIVATIVE.search(re.split(r"=|:|：|≈|\\approx", label, maxsplit=1)[0]))


def hint(labels) -> str | None:
    """The quantity the labels name, nearest label first, or None.

    >>> hint(["X = np.array("]), hint(["Raw scores Q Kᵀ:"]), hint(["", "注意力权重："]), hint(["Q ="])
    ('X', 'scores', 'weights', 'Q')
    """
    return _hint(tuple(labels))


@lru_cache(maxsize=4096)
def _hint(labels: tuple[str, ...]) -> str | None:
    for label in labels:
        if not label:
            continue
        if derivative(label):
            return None   # "∂L/∂C =": a gradient, not C
        if re.search(r"(?:softmax|exp)\}?\s*(?:\\left)?\(\s*`?$", label, re.I):
            return None   # "softmax([...])": the block is the argument, not the result
        if re.match(r"print\([\w.\[\]]*\.(?:shape|size|dtype|ndim|sum|mean|max|min|item)\b", label):
            return None   # print(keys.shape): a property of the quantity, not its values
        applied = applied_step(label)
        if applied and re.search(r"\)\s*(?:=|:|：|\\approx|≈)\s*$", label):
            return applied   # softmax(scores) =
        m = _STATEMENT.match(label)
        if m and by_name(m.group(1)):
            return by_name(m.group(1))   # "keys = np.dot(input, w_key)  # [[...]]": the assigned name
        label = _without_axes(label)
        lab = re.sub(r"\$", " ", label)
        lab = _NEGATED.sub(" ", lab)
        lab = re.sub(r"\s+[(（][^()（）]*[)）]\s*(?=[:：=]|$)", " ", lab)   # "Q (simplified, d_k=3):" names Q
        m = LHS.search(lab)
        if m:
            # "Q = X W_Q =": the chain's head names it; a formula after it only if the head is prose
            chain = [p.strip() for p in re.split(r"=|\\approx|≈", m.group(1))]
            if any(VARIANT.search(p) for p in chain):
                return None   # S = Q̃ K̃ᵀ: a transformed variant (rotated, projected) of the usual step
            if len(chain) > 1 and unknown_factor("=".join(chain[1:])):
                return None   # Out = Output · W_FFN: a product with a quantity of no step
            chain[0] = re.split(r"[,:：;]", chain[0])[-1].strip()
            for lhs in (chain[0], chain[-1]) if len(chain) > 1 else (chain[0],):
                inner = re.fullmatch(r"\\(?:text|mathrm|operatorname|textbf|textit)\s*\{([^{}]*)\}", lhs)
                got = _by_words(inner.group(1)) if inner else by_name(lhs)
                if got is None and not inner and lhs.split() and len(lhs.split()) <= 2 and lhs is chain[0]:
                    got = by_name(lhs.split()[-1])
                if got:
                    return got
        m = _CALL.search(lab)
        if m and by_name(m.group(1)):
            return by_name(m.group(1))
        m = re.match(r"^\s*([A-Za-z]\w{0,20})\s*=\s*[^=]+?[:：]\s*$", lab)
        if m and by_name(m.group(1)):
            return by_name(m.group(1))   # "O = A V :": a caption whose head names it
        got = _by_words(lab)
        if got is not None:
            return got or None
        m = re.search(r"(?:^|\s)([A-Za-z])\s*(?:=|:|\\approx|≈)\s*(?:(?:\\left|\()\s*)?$", lab)
        if m and by_name(m.group(1)):
            return by_name(m.group(1))
    return None


def _without_axes(label: str) -> str:
    """A caption without what it says of a matrix's rows and columns ("(row = the query's word,
    column = the key's word)", "Строки = query (кто смотрит), столбцы = key"): those words name the
    axes, not the quantity; the rest of the caption still may."""
    if not (_ROWS.search(label) and _COLUMNS.search(label)):
        return label
    label = re.sub(r"[(（][^()（）]*[)）]", lambda m: " " if _ROWS.search(m.group()) or _COLUMNS.search(m.group())
                   else m.group(), label)
    if _ROWS.search(label) and _COLUMNS.search(label):
        label = ",".join(p for p in re.split(r"[,;，；]", label) if not (_ROWS.search(p) or _COLUMNS.search(p)))
    return label


#: a caption that applies softmax or exp to what it names: the function's result is the step
#: (``softmax(scores) =`` are the weights, ``np.exp(scores) =`` the exponentials, not the scores)
_APPLIED = re.compile(r"^[\s*`$]*(?:\\(?:text|mathrm|operatorname)\{\s*)?(?:np\.|numpy\.|torch\.|F\.|tf\.nn\.|jnp\.)?"
                      r"(softmax|exp)\s*\}?\s*\(", re.I)


def applied_step(label: str) -> str | None:
    """The step a caption that applies softmax or exp names (``softmax(scores)``: the weights), or None."""
    applied = _APPLIED.match(label)
    return None if applied is None else "weights" if applied.group(1).lower() == "softmax" else "exp"


def _by_words(phrase: str) -> str | None:
    applied = applied_step(phrase)
    if applied:
        return applied
    low = " " + _NEGATED.sub(" ", phrase).lower() + " "   # "the context-free v": no context vector
    for family, words in _WORDS:
        if any(w in low for w in words):
            return family
    return None   # "" (a projection matrix, which one unknown) stops the search


_TIMES = re.compile(r"\\cdot|·|\\times|×|@|(?<!\*)\*(?!\*)")   # ** is emphasis (or a power), not a product


def unknown_factor(rest: str) -> bool:
    """Does the chain after a label's name write a product with a plain name that names no quantity
    of the catalogue (``= Output · W_FFN =``)?"""
    for piece in rest.split("="):
        if _TIMES.search(piece):
            for factor in _TIMES.split(piece):
                name = factor.strip(" $`*(){}\t")
                if re.fullmatch(r"[A-Za-z][\w^{}']*", name) and by_name(name) is None:
                    return True
    return False

