#!/usr/bin/env bash
# Copy the pinned KaTeX build into symattn/data/katex/ (the HTML page inlines it).
# After changing the version in package.json:  npm install --prefix tools/katex && tools/katex/sync.sh
# tests/test_render_katex.py::test_shipped_katex_is_the_npm_package checks the copy.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="$here/node_modules/katex"
dst="$here/../../symattn/data/katex"
[ -f "$src/package.json" ] || { echo "run: npm ci --prefix tools/katex" >&2; exit 2; }
rm -rf "$dst/fonts" && mkdir -p "$dst/fonts"
cp "$src/dist/katex.min.js" "$src/dist/katex.min.css" "$dst/"
cp "$src/LICENSE" "$dst/LICENSE"
cp "$src"/dist/fonts/*.woff2 "$dst/fonts/"   # woff2 only: every current browser reads it
echo "copied KaTeX $(node -p "require('$src/package.json').version") to $dst"
