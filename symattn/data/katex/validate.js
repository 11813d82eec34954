// Validate LaTeX formulas with KaTeX, the way a blog, Obsidian or Typora renders them.
// Usage: node validate.js [KATEX_MODULE] < formulas.json
//   stdin:  [{"tex": "...", "display": true}, ...]
//   stdout: [{"index": 0, "error": "..."|null, "warnings": ["..."]}, ...]  (one entry per formula)
// Every formula is rendered with throwOnError: true; strict-mode remarks are collected as warnings.
"use strict";
const path = require("path");
const katexPath = process.argv[2] ? path.resolve(process.argv[2]) : "katex";
const katex = require(katexPath);

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const formulas = JSON.parse(input);
  const results = formulas.map((f, index) => {
    const warnings = [];
    let error = null;
    try {
      katex.renderToString(f.tex, {
        displayMode: Boolean(f.display),
        throwOnError: true,
        strict: (code, message) => { warnings.push(`${code}: ${message}`); return "ignore"; },
      });
    } catch (e) {
      error = String(e && e.message ? e.message : e);
    }
    return { index, error, warnings };
  });
  process.stdout.write(JSON.stringify({ version: katex.version, results }));
});
