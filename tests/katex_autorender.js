// KaTeX's own auto-render (contrib/auto-render, default delimiters) over Markdown blocks, in Node.js.
// Usage: node katex_autorender.js KATEX_PACKAGE_DIR < blocks.json
//   stdin:  [["block text", ...], ...]   one list of blocks per document; a block is one element's text
//           (a heading, a list item, a paragraph, a $$ display), as a Markdown renderer hands it on
//   stdout: {"version": "...", "results": [{"formulas": N, "errors": ["..."]}, ...]}  one per document
// auto-render walks a DOM: the few calls it and katex.render make are served by the small DOM below.
"use strict";
const path = require("path");
const pkg = path.resolve(process.argv[2]);
const katex = require(pkg);
const renderMathInElement = require(path.join(pkg, "dist", "contrib", "auto-render.js"));

class FakeNode {
  constructor(type, name, text) {
    this.nodeType = type;          // 1 element, 3 text, 11 fragment
    this.nodeName = name;
    this.className = "";
    this.style = {};
    this.attributes = {};
    this.childNodes = [];
    this.parentNode = null;
    this._text = text || "";
  }
  get textContent() { return this.nodeType === 3 ? this._text : this.childNodes.map((c) => c.textContent).join(""); }
  set textContent(value) { this.childNodes = []; if (this.nodeType === 3) this._text = value; else if (value) this.appendChild(new FakeNode(3, "#text", value)); }
  get nextSibling() {
    if (!this.parentNode) return null;
    const siblings = this.parentNode.childNodes;
    return siblings[siblings.indexOf(this) + 1] || null;
  }
  get classList() { const node = this; return { add(c) { node.className = (node.className + " " + c).trim(); } }; }
  appendChild(child) {
    if (child.nodeType === 11) { for (const c of [...child.childNodes]) this.appendChild(c); return child; }
    child.parentNode = this; this.childNodes.push(child); return child;
  }
  replaceChild(fresh, old) {
    const at = this.childNodes.indexOf(old);
    const added = fresh.nodeType === 11 ? [...fresh.childNodes] : [fresh];
    for (const c of added) c.parentNode = this;
    this.childNodes.splice(at, 1, ...added);
    return old;
  }
  remove() { if (this.parentNode) this.parentNode.childNodes.splice(this.parentNode.childNodes.indexOf(this), 1); }
  setAttribute(name, value) { this.attributes[name] = String(value); }
}

global.Node = { TEXT_NODE: 3, ELEMENT_NODE: 1 };
global.document = {
  createElement: (name) => new FakeNode(1, name.toUpperCase()),
  createElementNS: (ns, name) => new FakeNode(1, name),
  createTextNode: (text) => new FakeNode(3, "#text", text),
  createDocumentFragment: () => new FakeNode(11, "#document-fragment"),
};

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const results = JSON.parse(input).map((blocks) => {
    const errors = [];
    let formulas = 0;
    const body = new FakeNode(1, "BODY");
    for (const text of blocks) body.appendChild(new FakeNode(1, "P")).appendChild(new FakeNode(3, "#text", text));
    renderMathInElement(body, {  // the default delimiters: none given
      errorCallback: (message, error) => { errors.push(`${message}${error}`); },
    });
    const count = (node) => {
      if (node.nodeType === 1 && / katex /.test(` ${node.className} `)) { formulas += 1; return; }
      node.childNodes.forEach(count);
    };
    count(body);
    return { formulas, errors };
  });
  process.stdout.write(JSON.stringify({ version: katex.version, results }));
});
