#!/bin/bash
# The language-server figures of bench/README.md, before and after in one interleaved run: each
# round both trees in random order, one case of bench/lsp-latency.ts per process.
#   BEFORE=<checkout> AFTER=<checkout> ROUNDS=3 LOG=lsp.log bench/lsp-interleaved.sh
# Each checkout needs node_modules, src/schema/generated and ../shared/corpus beside it, and the
# same bench/lsp-latency.ts and bench/lsp-documents.ts (copy this tree's into the other).
set -u
ROUNDS=${ROUNDS:-3}
LOG=${LOG:-lsp-interleaved.log}
: > "$LOG"
for r in $(seq 1 "$ROUNDS"); do
  for side in $(printf 'before\nafter\n' | shuf); do
    if [ "$side" = before ]; then dir=$BEFORE; else dir=$AFTER; fi
    for c in "--project --case 1 --runs 5" "--project --case 2 --runs 5" "--project --case 3 --eager --runs 1" "--project --case 4 --runs 1" "--project --case 4 --syntax json --runs 1" "--runs 5"; do
      echo "=== round $r $side [$c] load $(cut -d' ' -f1-3 /proc/loadavg) $(date -u +%H:%M:%S)" >> "$LOG"
      # shellcheck disable=SC2086
      (cd "$dir" && timeout 900 node --import tsx bench/lsp-latency.ts $c >> "$LOG" 2>&1; echo "exit $?" >> "$LOG")
    done
  done
done
echo "=== end $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$LOG"
