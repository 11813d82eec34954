# Expected verdicts for en-backward-anandcoding-tinygpt-by-hand.md, computed with plain SymPy (see oracle.py); not symattn's code.
# An appendix of an LLM handbook: one full training step of a 204-parameter GPT ("TinyGPT"), every number shown:
# embeddings, two causal attention heads (head width 2, scale 1/sqrt(2)), W_O, post-norm residual + LayerNorm
# (eps 1e-5), a GELU FFN (tanh form), LM head, softmax and cross-entropy; the backward pass (logit gradients, the LM
# head's weight gradient, the norms of all gradients); one AdamW step (lr 0.05, betas 0.9/0.999, eps 1e-8, weight
# decay 0.01) and the loss after it. The article says its numbers come from a program and are rounded to 3 (or 4)
# decimals; a few lines are worked by hand from the rounded values.
# Inputs: every parameter printed in Part 1 (token and position tables, W_Q/W_K/W_V of both heads, W_O, W1, W2, the LM
#   head; gamma = 1, beta = 0), the sentence [0, 1, 2] with targets [1, 2, 5].
# Exact values: recomputed below end to end in 50-digit arithmetic (mpmath, SymPy's numeric backend) by the same
#   formulas, then compared at each printed precision; e.g. loss 1.588242 (per position 1.546326, 1.566512, 1.651888),
#   loss after the step 1.243081, gradient norms |dW_head| = 1.003635, |dW_O| = 0.568493, |dW1| = 0.0532489,
#   LayerNorm of the first row: mean 0.62775, variance 0.0429942, standard deviation 0.2073745.
# Wrong lines: none; every printed value agrees with the exact one at its printed precision (including the hand-worked
#   lines: Q(The) = [0.28, 0.31], 0.74x0.28 + 0.33x0.55 = 0.389, dW_head[0][1] = 0.1957, and the AdamW table).
# Ambiguous: the gradient check's "largest relative difference 4.5e-7" (a float64 finite-difference measurement with
#   step 1e-5 that the article's formulas do not determine), stated twice.
# Given: the parameters, sizes, labels, headings, chapter references and the AdamW settings.
import re
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
import mpmath as mp
from oracle import Expect, R, sp

mp.mp.dps = 50
F = lambda s: mp.mpf(s)
def Mx(rows): return [[F(str(v)) for v in r] for r in rows]
T, D, H, DH, HID, V = 3, 4, 2, 2, 8, 6
ids = [0, 1, 2]; targets = [1, 2, 5]
E = Mx([[0.2, 0.6, 0.4, 0.1], [0.7, 0.1, 0.2, 0.8], [0.5, 0.8, 0.9, 0.2], [0.9, 0.2, 0.4, 0.6], [0.3, 0.4, 0.7, 0.1], [0.1, 0.9, 0.3, 0.5]])
P = Mx([[0.1, 0.0, 0.2, 0.1], [0.0, 0.3, 0.1, 0.0], [0.2, 0.1, 0.0, 0.4]])
WQ1 = Mx([[0.4, 0.1], [0.3, -0.2], [-0.2, 0.6], [0.5, 0.2]])
WK1 = Mx([[0.3, -0.1], [0.2, 0.4], [-0.3, 0.2], [0.1, 0.5]])
WV1 = Mx([[0.5, 0.1], [-0.2, 0.3], [0.4, -0.1], [0.2, 0.6]])
WQ2 = Mx([[-0.3, 0.2], [0.5, 0.1], [0.1, -0.4], [0.2, 0.3]])
WK2 = Mx([[0.4, 0.3], [-0.1, 0.2], [0.3, -0.2], [0.2, 0.1]])
WV2 = Mx([[0.2, -0.3], [0.4, 0.5], [-0.1, 0.2], [0.3, 0.1]])
WO = Mx([[0.2, 0.1, -0.1, 0.3], [0.5, -0.2, 0.4, 0.1], [-0.3, 0.6, 0.2, -0.2], [0.1, 0.2, 0.3, 0.4]])
W1 = Mx([[0.1,-0.2,0.1,0.4,0.1,0.1,-0.3,0.3],[0.2,0.3,0.2,-0.1,0.2,-0.2,0.1,-0.2],[-0.2,0.2,0.3,0.3,-0.3,0.0,0.2,-0.1],[-0.2,-0.1,0.3,0.3,-0.1,-0.1,0.3,-0.3]])
W2 = Mx([[-0.3,-0.1,-0.1,0.0],[0.4,0.0,0.2,-0.2],[-0.1,0.3,0.3,-0.2],[0.0,0.3,0.2,-0.3],[0.1,-0.3,0.2,-0.1],[0.2,-0.2,-0.1,-0.1],[-0.1,0.4,-0.1,-0.4],[-0.2,-0.3,0.1,-0.4]])
Wh = Mx([[-0.2,-0.2,-0.1,-0.2,0.2,0.0],[0.0,0.3,0.1,0.2,-0.4,0.0],[0.0,0.0,0.1,-0.2,0.0,0.4],[-0.2,0.0,0.3,0.1,-0.4,0.1]])
g1 = [[F(1)]*4]; b1 = [[F(0)]*4]; g2 = [[F(1)]*4]; b2 = [[F(0)]*4]
def params(): return dict(E=E,P=P,WQ1=WQ1,WK1=WK1,WV1=WV1,WQ2=WQ2,WK2=WK2,WV2=WV2,WO=WO,g1=g1,b1=b1,W1=W1,W2=W2,g2=g2,b2=b2,Wh=Wh)
names = ["E","P","WQ1","WK1","WV1","WQ2","WK2","WV2","WO","g1","b1","W1","W2","g2","b2","Wh"]
zeros = lambda r,c: [[F(0)]*c for _ in range(r)]
def mm(A,B): return [[mp.fsum(A[i][t]*B[t][j] for t in range(len(B))) for j in range(len(B[0]))] for i in range(len(A))]
tr = lambda A: [list(r) for r in zip(*A)]
add = lambda A,B: [[a+b for a,b in zip(r,s)] for r,s in zip(A,B)]
scale = lambda A,s: [[a*s for a in r] for r in A]
EPS = F('1e-5')
def lnFwd(X,g,b):
    Y=[];cache=[]
    for row in X:
        mu=mp.fsum(row)/len(row); va=mp.fsum((v-mu)**2 for v in row)/len(row); sd=mp.sqrt(va+EPS)
        xh=[(v-mu)/sd for v in row]; Y.append([v*g[0][j]+b[0][j] for j,v in enumerate(xh)]); cache.append((xh,sd,mu,va))
    return Y,cache
def lnBwd(dY,cache,g):
    dX=[];dg=[[F(0)]*len(g[0])];db=[[F(0)]*len(g[0])]
    for i,dy in enumerate(dY):
        xh,sd,_,_=cache[i]; n=len(dy); dxh=[v*g[0][j] for j,v in enumerate(dy)]
        m1=mp.fsum(dxh)/n; m2=mp.fsum(v*xh[j] for j,v in enumerate(dxh))/n
        dX.append([(v-m1-xh[j]*m2)/sd for j,v in enumerate(dxh)])
        for j,v in enumerate(dy): dg[0][j]+=v*xh[j]; db[0][j]+=v
    return dX,dg,db
c0 = mp.sqrt(2/mp.pi)
gelu = lambda x: F('0.5')*x*(1+mp.tanh(c0*(x+F('0.044715')*x**3)))
def geluD(x):
    u=c0*(x+F('0.044715')*x**3); th=mp.tanh(u)
    return F('0.5')*(1+th)+F('0.5')*x*(1-th*th)*c0*(1+3*F('0.044715')*x*x)
def softmaxRows(S):
    out=[]
    for row in S:
        e=[mp.e**v if v is not None else F(0) for v in row]; s=mp.fsum(e); out.append([v/s for v in e])
    return out
def forward(p):
    c={}
    c['X']=add([p['E'][i] for i in ids], p['P'])
    c['heads']=[]
    for h in (1,2):
        Q=mm(c['X'],p['WQ%d'%h]);K=mm(c['X'],p['WK%d'%h]);Vv=mm(c['X'],p['WV%d'%h])
        raw=mm(Q,tr(K)); sc=scale(raw,1/mp.sqrt(DH))
        masked=[[v if j<=i else None for j,v in enumerate(r)] for i,r in enumerate(sc)]
        A=softmaxRows(masked); O=mm(A,Vv)
        c['heads'].append(dict(Q=Q,K=K,V=Vv,raw=raw,scaled=sc,A=A,O=O))
    c['C']=[a+b for a,b in zip(c['heads'][0]['O'],c['heads'][1]['O'])]
    c['Attn']=mm(c['C'],p['WO']); c['R1']=add(c['X'],c['Attn'])
    c['H1'],c['ln1c']=lnFwd(c['R1'],p['g1'],p['b1'])
    c['Z']=mm(c['H1'],p['W1']); c['G']=[[gelu(v) for v in r] for r in c['Z']]; c['F']=mm(c['G'],p['W2'])
    c['R2']=add(c['H1'],c['F']); c['H2'],c['ln2c']=lnFwd(c['R2'],p['g2'],p['b2'])
    c['logits']=mm(c['H2'],p['Wh']); c['probs']=softmaxRows(c['logits'])
    c['losses']=[-mp.log(r[targets[i]]) for i,r in enumerate(c['probs'])]; c['loss']=mp.fsum(c['losses'])/T
    return c
def backward(p,c):
    g={}
    dlog=[[(v-(1 if j==targets[i] else 0))/T for j,v in enumerate(r)] for i,r in enumerate(c['probs'])]; c['dlogits']=dlog
    g['Wh']=mm(tr(c['H2']),dlog); dH2=mm(dlog,tr(p['Wh']))
    dR2,g['g2'],g['b2']=lnBwd(dH2,c['ln2c'],p['g2'])
    dF=dR2; g['W2']=mm(tr(c['G']),dF); dG=mm(dF,tr(p['W2']))
    dZ=[[v*geluD(c['Z'][i][j]) for j,v in enumerate(r)] for i,r in enumerate(dG)]
    g['W1']=mm(tr(c['H1']),dZ); dH1=add(dR2,mm(dZ,tr(p['W1'])))
    dR1,g['g1'],g['b1']=lnBwd(dH1,c['ln1c'],p['g1'])
    dX=[r[:] for r in dR1]; g['WO']=mm(tr(c['C']),dR1); dC=mm(dR1,tr(p['WO']))
    for hi,h in enumerate((1,2)):
        hd=c['heads'][hi]; dO=[r[hi*DH:hi*DH+DH] for r in dC]
        dA=mm(dO,tr(hd['V'])); dV=mm(tr(hd['A']),dO)
        dS=[]
        for i,arow in enumerate(hd['A']):
            dot=mp.fsum(v*dA[i][j] for j,v in enumerate(arow)); dS.append([v*(dA[i][j]-dot) for j,v in enumerate(arow)])
        dRaw=scale(dS,1/mp.sqrt(DH)); dQ=mm(dRaw,hd['K']); dK=mm(tr(dRaw),hd['Q'])
        g['WQ%d'%h]=mm(tr(c['X']),dQ); g['WK%d'%h]=mm(tr(c['X']),dK); g['WV%d'%h]=mm(tr(c['X']),dV)
        dX=add(dX,mm(dQ,tr(p['WQ%d'%h]))); dX=add(dX,mm(dK,tr(p['WK%d'%h]))); dX=add(dX,mm(dV,tr(p['WV%d'%h])))
    g['P']=[r[:] for r in dX]; g['E']=zeros(V,D)
    for i,idx in enumerate(ids):
        for j in range(D): g['E'][idx][j]+=dX[i][j]
    return g
def adamw(p,g,lr=F('0.05'),b1=F('0.9'),b2=F('0.999'),eps=F('1e-8'),wd=F('0.01')):
    newp={};info={}
    for n in names:
        newp[n]=[]
        for i,r in enumerate(p[n]):
            row=[]
            for j,old in enumerate(r):
                gr=g[n][i][j]; m=(1-b1)*gr; v=(1-b2)*gr*gr; mh=m/(1-b1); vh=v/(1-b2)
                nw=old-lr*mh/(mp.sqrt(vh)+eps)-lr*wd*old
                info[(n,i,j)]=dict(old=old,gr=gr,mh=mh,vh=vh,nw=nw); row.append(nw)
            newp[n].append(row)
    return newp,info


def S(x):
    return sp.Float(mp.nstr(x, 45), 45)

e = Expect(__file__, language="en", topics=["backward", "mha", "mask", "softmax"])
L = e.line
NUM = re.compile(r"(?<![A-Za-z_\d.])[-\u2212]?\d+(?:\.\d+)?(?:e[-+\u2212]?\d+)?")

def nums(ln):
    return NUM.findall(e.lines[ln - 1])

def starts(needle, after=0):
    for i, text in enumerate(e.lines[after:], start=after + 1):
        if text.startswith(needle):
            return i
    raise SystemExit(f"no line starting with {needle!r} after {after}")

def row(needle, what, exact, after=0, skip=0, cause="slip"):
    ln = starts(needle, after)
    printed = nums(ln)[skip:]
    e.claim(ln, what, printed, [S(x) for x in exact], cause=cause)
    return ln

p = params()
c = forward(p)
g = backward(p, c)
h1, h2 = c["heads"]
words = ["The", "cat", "sat"]

# --- Part 1: configuration and parameters ------------------------------------------------------------------
e.claim(L("(heads × head dimension = 2 × 2 = 4 = E)"), "heads x head dim", ["2", "2", "4"], [2, 2, 4])
e.claim(L("the usual 4× (which would be 16)"), "4 x width", ["8", "4", "16"], [8, 4, 16])
for needle, n in [("| Token embedding table | 6 × 4 | 24 |", 24), ("| Position embedding table | 3 × 4 | 12 |", 12),
                  ("| W_Q, W_K, W_V for 2 heads (6 matrices) | 6 × (4 × 2) | 48 |", 48), ("| W_O | 4 × 4 | 16 |", 16),
                  ("| LayerNorm 1 (γ and β) | 4 + 4 | 8 |", 8), ("| FFN W1 (expand) | 4 × 8 | 32 |", 32),
                  ("| FFN W2 (compress) | 8 × 4 | 32 |", 32), ("| LayerNorm 2 (γ and β) | 4 + 4 | 8 |", 8),
                  ("| LM head | 4 × 6 | 24 |", 24)]:
    e.claim(L(needle), "parameter count", [str(n)], [n])
e.claim(L("| **Total** | | **204** |"), "total parameters", ["204"], [24 + 12 + 48 + 16 + 8 + 32 + 32 + 8 + 24])

# --- Part 2: forward -------------------------------------------------------------------------------------------
start = L("Token    Word embedding")
for i, w in enumerate(words):
    ln = starts(w + "      0.", start)
    pr = nums(ln)
    e.given(ln, "token and position rows")
    e.claim(ln, f"X row {w}", pr[8:], [S(x) for x in c["X"][i]])
ln = L("first number:   0.30×0.4")
e.claim(ln, "products and Q(The)[0]", ["0.12", "0.18", "0.12", "0.10", "0.28"],
        [R(12, 100), R(18, 100), R(12, 100), R(10, 100), S(h1["Q"][0][0])])
ln = L("second number:  0.30×0.1")
e.claim(ln, "products and Q(The)[1]", ["0.03", "0.12", "0.36", "0.04", "0.31"],
        [R(3, 100), R(12, 100), R(36, 100), R(4, 100), S(h1["Q"][0][1])])
e.claim(L("So Q(The) = [0.28, 0.31]"), "Q(The)", ["0.28", "0.31"], [S(x) for x in h1["Q"][0]])

def qkv(head, title_needle, hname):
    start = L(title_needle)
    for i, w in enumerate(words):
        row(w + "       0.", f"{hname} Q, K, V of {w}", head["Q"][i] + head["K"][i] + head["V"][i], after=start)

qkv(h1, "All tokens and all three matrices of head 1", "head 1")
e.claim(L("`0.74×0.28 + 0.33×0.55 = 0.389`"), "raw score cat-cat", ["0.74", "0.28", "0.33", "0.55", "0.389"],
        [S(h1["Q"][1][0]), S(h1["K"][1][0]), S(h1["Q"][1][1]), S(h1["K"][1][1]), S(h1["raw"][1][1])])
start = L("The whole `Q·Kᵀ`")
for i, w in enumerate(words):
    row(w + "      0.", f"head 1 raw scores {w}", h1["raw"][i], after=start)
e.claim(L("**scale** by `1/√2 ≈ 0.707`"), "1/sqrt(2)", ["0.707"], [1 / sp.sqrt(2)])
start = L("After scaling and masking:")
for i, w in enumerate(words):
    row(w + "      0.", f"head 1 scaled, masked {w}", h1["scaled"][i][: i + 1], after=start)
start = L("After softmax (attention weights")
for i, w in enumerate(words):
    row(w + "      ", f"head 1 weights {w}", h1["A"][i], after=start)
e.claim(L("**46% of \"The\"'s information and 54% of its own**"), "weights of cat in percent", ["46%", "54%", "0%"],
        [S(h1["A"][1][0]), S(h1["A"][1][1]), S(h1["A"][1][2])])
e.claim(L("`0.463×V(The) + 0.537×V(cat)` = `[0.439, 0.469]`"), "output of cat, head 1",
        ["0.463", "0.537", "0.439", "0.469"], [S(h1["A"][1][0]), S(h1["A"][1][1]), S(h1["O"][1][0]), S(h1["O"][1][1])])
start = L("Head 1 output (3 × 2):")
for i, w in enumerate(words):
    row(w + "      0.", f"head 1 output {w}", h1["O"][i], after=start)
qkv(h2, "Head 2 does Steps 2 to 4 again", "head 2")
start = L("Head 2 attention weights:")
for i, w in enumerate(words):
    row(w + "      ", f"head 2 weights and output {w}", h2["A"][i] + h2["O"][i], after=start)
e.claim(L("(2 + 2 = 4 numbers per token)"), "concat width", ["2", "2", "4"], [2, 2, 4])
start = L("Concatenated C (3 × 4):")
for i, w in enumerate(words):
    row(w + "     0.", f"C and Attn {w}", c["C"][i] + c["Attn"][i], after=start)
start = L("R1 = X + Attn")
for i, w in enumerate(words):
    row(w + "     0.", f"R1 and H1 {w}", c["R1"][i] + c["H1"][i], after=start)
xh, sd, mu, va = c["ln1c"][0]
ln = L("The row of \"The\" by hand")
e.claim(ln, "R1 row restated", ["0.442", "0.827", "0.842", "0.400"], [S(x) for x in c["R1"][0]])
e.claim(ln, "mean, variance, sd", ["0.6278", "0.0430", "0.2074"], [S(mu), S(va), S(sd)])
e.claim(ln, "rounded mean and sd", ["0.628", "0.207"], [S(mu), S(sd)])
e.claim(ln, "normalized row", ["-0.896", "0.961", "1.033", "-1.098"], [S(x) for x in c["H1"][0]])
e.claim(ln, "mean of the normalized row", ["0"], [S(mp.fsum(xh) / 4)])
e.claim(ln, "standard deviation of the normalized row", ["1"], [S(mp.sqrt(mp.fsum(v * v for v in xh) / 4))],
        rounded_int=True)
for name, key, ncols in [("Z = H1·W1  (3 × 8)", "Z", 8), ("G = GELU(Z)", "G", 8), ("F = G·W2  (3 × 4)", "F", 4)]:
    start = L(name)
    for i in range(3):
        ln = start + 1 + i
        e.claim(ln, f"{key} row {i + 1}", nums(ln), [S(x) for x in c[key][i]])
e.claim(L("(for example GELU(0.784) = 0.614)"), "GELU example", ["0.784", "0.614"], [S(c["Z"][0][1]), S(c["G"][0][1])])
start = L("R2 = H1 + F")
for i, w in enumerate(words):
    row(w + "    ", f"R2 and H2 {w}", c["R2"][i] + c["H2"][i], after=start)
for title, key in [("Logits (3 × 6):", "logits"), ("Probabilities (softmax):", "probs")]:
    start = L(title)
    for i, w in enumerate(words):
        ln = start + 2 + i
        assert e.lines[ln - 1].startswith(w), (ln, w)
        e.claim(ln, f"{key} {w}", nums(ln), [S(x) for x in c[key][i]])
e.claim(L("each word gets roughly 1/6 ≈ 0.167"), "1/6", ["1", "6", "0.167"], [1, 6, R(1, 6)])
tg = [1, 2, 5]
for i, needle in enumerate(['| 1 (after "The") | cat | 0.213 | 1.546 |', '| 2 (after "The cat") | sat | 0.209 | 1.567 |',
                            '| 3 (after "The cat sat") | END | 0.192 | 1.652 |']):
    ln = L(needle)
    e.claim(ln, f"target probability and loss, position {i + 1}", nums(ln)[1:],
            [S(c["probs"][i][tg[i]]), S(c["losses"][i])])
e.claim(L("| **Average** | | | **1.588** |"), "average loss", ["1.588"], [S(c["loss"])])
ln = L("`ln 6 = 1.792`; ours, 1.588")
e.claim(ln, "ln 6 and the loss", ["6", "1.792", "1.588"], [6, sp.log(6), S(c["loss"])])
e.claim(L("This one number, **1.588**"), "the loss", ["1.588"], [S(c["loss"])])
e.given(L("(here `B = 1`). With `T = 3` tokens"), "sizes")
for needle, vals in [("| Input embeddings `X` | `(B, T, E)` | (1, 3, 4) |", [1, 3, 4]),
                     ("| After `X·W_Q` (all heads at once) | `(B, T, H·D)` | (1, 3, 4) |", [1, 3, 4]),
                     ("| Split into heads and move heads forward | `(B, H, T, D)` | (1, 2, 3, 2) |", [1, 2, 3, 2]),
                     ("| Attention scores `Q·Kᵀ` | `(B, H, T, T)` | (1, 2, 3, 3) |", [1, 2, 3, 3]),
                     ("| After softmax | `(B, H, T, T)` | (1, 2, 3, 3) |", [1, 2, 3, 3]),
                     ("| Weighted sum with `V` | `(B, H, T, D)` | (1, 2, 3, 2) |", [1, 2, 3, 2]),
                     ("| Concatenate heads | `(B, T, E)` | (1, 3, 4) |", [1, 3, 4]),
                     ("| After `W_O`, residual, LayerNorm | `(B, T, E)` | (1, 3, 4) |", [1, 3, 4]),
                     ("| FFN expand / compress | `(B, T, 8)` / `(B, T, E)` | (1, 3, 8) / (1, 3, 4) |", [8, 1, 3, 8, 1, 3, 4]),
                     ("| Logits | `(B, T, vocab)` | (1, 3, 6) |", [1, 3, 6])]:
    ln = L(needle)
    e.claim(ln, "shape", nums(ln), vals)

# --- Part 3: backward ----------------------------------------------------------------------------------------
e.claim(L("probabilities:   [0.205, 0.213"), "probabilities restated", nums(L("probabilities:   [0.205, 0.213")),
        [S(x) for x in c["probs"][0]])
e.given(L("minus one-hot:   [0, 1, 0, 0, 0, 0]"), "one-hot target")
ln = L("divided by 3  →  [0.0683")
e.claim(ln, "logit gradient, position 1", nums(ln)[1:], [S(x) for x in c["dlogits"][0]])
start = L("d(loss)/d(logits):")
for i, w in enumerate(words):
    row(w + "     ", f"logit gradients {w}", c["dlogits"][i], after=start)
ln = L("dW_head[0][1] = -0.738 × -0.2623")
e.claim(ln, "factors restated", ["-0.738", "-0.2623", "0.793", "0.0422", "-0.482", "0.0650"],
        [S(c["H2"][0][0]), S(c["dlogits"][0][1]), S(c["H2"][1][0]), S(c["dlogits"][1][1]), S(c["H2"][2][0]),
         S(c["dlogits"][2][1])])
e.claim(ln, "dW_head[0][1]", ["0.1957"], [S(g["Wh"][0][1])])
start = L("dW_head (4 × 6):")
for i in range(4):
    row(f"e{i + 1}     ", f"dW_head row {i + 1}", g["Wh"][i], after=start)
e.given(L("through the scaling by 1/√2"), "scale restated")
e.given(L("position rows 0, 1 and 2 all get one"), "position labels")

def norm(n):
    return mp.sqrt(mp.fsum(v * v for r in g[n] for v in r))

e.claim(L("All 204 parameters now have a gradient"), "parameter count", ["204"], [204])
for needle, n in [("| LM head | 1.00e+0 |", "Wh"), ("| Token embeddings | 7.54e−1 |", "E"),
                  ("| Position embeddings | 7.54e−1 |", "P"), ("| W_O | 5.68e−1 |", "WO"),
                  ("| W_V, head 2 | 1.63e−1 |", "WV2"), ("| W_V, head 1 | 1.20e−1 |", "WV1"),
                  ("| FFN W1 | 5.32e−2 |", "W1"), ("| FFN W2 | 2.54e−2 |", "W2"), ("| W_Q, head 2 | 3.12e−3 |", "WQ2"),
                  ("| W_K, head 1 | 2.92e−3 |", "WK1"), ("| W_Q, head 1 | 1.92e−3 |", "WQ1"),
                  ("| W_K, head 2 | 1.85e−3 |", "WK2")]:
    ln = L(needle)
    e.claim(ln, f"norm of the gradient of {n}", nums(ln)[-1:], [S(norm(n))])
ln = L("| LayerNorm 2 β / γ | 2.20e−1 / 1.07e−1 |")
e.claim(ln, "norms of the LayerNorm 2 gradients", nums(ln)[-2:], [S(norm("b2")), S(norm("g2"))])
ln = L("| LayerNorm 1 β / γ | 1.31e−1 / 2.98e−2 |")
e.claim(ln, "norms of the LayerNorm 1 gradients", nums(ln)[-2:], [S(norm("b1")), S(norm("g1"))])
ln = L("nudge it up by 0.00001")
e.given(ln, "finite-difference step and the parameter count")
e.ambiguous(ln, "4.5e-7 is a float64 finite-difference measurement the article's formulas do not determine")
ln = L("each of the 204 parameters a little")
e.given(ln, "parameter count")
e.ambiguous(ln, "\"1 part in 10 million\" / 4.5e-7 is a float64 finite-difference measurement, not derivable")

# --- Part 4: AdamW -----------------------------------------------------------------------------------------------
np_, info = adamw(p, g)
ln = L("At step 1, `m = 0.1·g` and `v = 0.001·g²`")
e.claim(ln, "first-step moments", ["1", "0.1", "0.001"], [1, 1 - R(9, 10), 1 - R(999, 1000)])
e.given(L("moves by about η = 0.05 against the sign"), "learning rate")
for needle, key in [("| `W_head[0][1]` | -0.2000 |", ("Wh", 0, 1)), ("| `W_Q head 1 [0][0]` | 0.4000 |", ("WQ1", 0, 0)),
                    ("| `embedding of 'dog' [0]` | 0.9000 |", ("E", 3, 0))]:
    ln = L(needle)
    d = info[key]
    pr = nums(ln)
    pr = pr[-6:]
    e.claim(ln, f"AdamW row {key}", pr, [S(d["old"]), S(d["gr"]), S(d["mh"]), S(d["vh"]), S(d["nw"]),
                                          S(d["nw"] - d["old"])])
d = info[("Wh", 0, 1)]
e.claim(L("has a large gradient (0.196) and moves by about 0.050"), "gradient and step of W_head[0][1]",
        ["0.196", "0.050"], [S(d["gr"]), S(abs(d["nw"] - d["old"]))])
d = info[("WQ1", 0, 0)]
e.claim(L("(5.1e-4) and still moves by about 0.050"), "gradient and step of W_Q",
        ["5.1e-4", "0.050"], [S(d["gr"]), S(abs(d["nw"] - d["old"]))])
d = info[("E", 3, 0)]
e.claim(L("(0.9000 to 0.8996)"), "weight decay of the dog embedding", ["0", "0", "0.9000", "0.8996"],
        [S(d["gr"]), S(d["mh"]), S(d["old"]), S(d["nw"])])

# --- Part 5: second forward pass -----------------------------------------------------------------------------------
c2 = forward(np_)
for i, needle in enumerate(['| 1 (after "The") | cat | 0.213 | 0.302 |', '| 2 (after "The cat") | sat | 0.209 | 0.276 |',
                            '| 3 (after "The cat sat") | END | 0.192 | 0.289 |']):
    ln = L(needle)
    e.claim(ln, f"before / after, position {i + 1}", nums(ln)[1:],
            [S(c["probs"][i][tg[i]]), S(c2["probs"][i][tg[i]]), S(c["losses"][i]), S(c2["losses"][i])])
e.claim(L("| **Average loss** | | | | **1.588** | **1.243** |"), "average loss before / after", ["1.588", "1.243"],
        [S(c["loss"]), S(c2["loss"])])
e.claim(L("moved the average loss from **1.588** to **1.243**"), "average loss before / after", ["1.588", "1.243"],
        [S(c["loss"]), S(c2["loss"])])
e.claim(L("| Parameters | 204 | billions |"), "parameter count", ["204"], [204])

# --- everything else with digits: inputs, sizes, labels, headings, references ---------------------------------------
for i, text in enumerate(e.lines, start=1):
    if i > 1 and i not in e.verdicts and any(ch.isdigit() for ch in text):
        e.given(i, "parameter, size, label, heading or reference")

e.done()
