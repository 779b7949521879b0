#!/bin/sh
# Issue 16 floors, end to end, on a clean checkout of any recent main (run from the repo root):
#   sh scripts/floors/apply.sh
# 1. the mechanical restructure (restructure.ts), one commit; 2. the layering check
# (dependency-cruiser + .dependency-cruiser.cjs + test/layering.test.ts), one commit; 3. the floors in
# docs/architecture.md, one commit. Then: npm run build && npx tsc -p . && npx vitest run.
set -eu
TOOLS=$(cd "$(dirname "$0")" && pwd)
test -f package.json && grep -q '"name": "omlint"' package.json || { echo "not an omlint checkout" >&2; exit 2; }

mkdir -p node_modules/.cache && cp "$TOOLS/restructure.ts.in" node_modules/.cache/omlint-restructure.ts && npx tsx node_modules/.cache/omlint-restructure.ts
git add -A
git commit -q -m "Issue 16 floors: contracts to src/core/, src/parse/ to src/syntax/, file reading to src/io/ (mechanical: restructure.ts)"

npm install --save-dev --save-exact --no-audit --no-fund dependency-cruiser@17.4.3
cp "$TOOLS/dependency-cruiser.cjs.in" .dependency-cruiser.cjs
cp "$TOOLS/layering.test.ts.in" test/layering.test.ts
npm pkg set 'scripts.lint:layers=depcruise src rules --config .dependency-cruiser.cjs'
git add .dependency-cruiser.cjs test/layering.test.ts package.json package-lock.json
git commit -q -m "Layering check: dependency-cruiser 17.4.3 (Node 20), one rule per floor, no folder cycles; test/layering.test.ts runs it on src/ and rules/ and on trees that break it"

python3 "$TOOLS/architecture.py"
git add docs/architecture.md
git commit -q -m "docs/architecture.md: the floors, from src/core/ up, and the check that keeps them"
git log --oneline -3
