#!/usr/bin/env bash
# Step "omlint check" of action.yml: the SARIF report for code scanning; annotations come with it.
# Exit 1 (findings) fails the step only when fail-on-findings is true; exit 2 always does.
set -uo pipefail
read -ra paths <<< "${OMLINT_PATHS:-.}"
read -ra args <<< "${OMLINT_ARGS:-}"
sarif="${OMLINT_SARIF:-omlint.sarif}"
# A report left by an earlier run must not be uploaded as this run's when this one writes none.
rm -f -- "$sarif"
omlint check --format sarif --output-file "$sarif" "${args[@]}" -- "${paths[@]}"
code=$?
# Also a readable summary in the log (the SARIF goes to code scanning).
if [ -f "$sarif" ]; then
  echo "sarif-file=$sarif" >> "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
  omlint check --format compact "${args[@]}" -- "${paths[@]}" || true
fi
echo "exit-code=$code" >> "$GITHUB_OUTPUT"
if [ "$code" -eq 1 ] && [ "${OMLINT_FAIL_ON_FINDINGS:-true}" != "true" ]; then exit 0; fi
exit "$code"
