#!/usr/bin/env bash
# Step "Install omlint" of action.yml: the packed package from npm into the runner's temporary
# directory, its bin put on the PATH of the next steps. No install script runs (the package has none).
set -euo pipefail
spec="${OMLINT_PACKAGE:-}"
if [ -z "$spec" ]; then
  version="${OMLINT_VERSION:-}"
  if [ -z "$version" ]; then
    version="$(node -p 'require(process.argv[1]).version' "$OMLINT_ACTION_PATH/package.json")"
  fi
  spec="omlint@$version"
fi
prefix="${RUNNER_TEMP:?RUNNER_TEMP is not set}/omlint"
npm install --global --prefix "$prefix" --omit=dev --no-audit --no-fund --ignore-scripts "$spec" >&2
echo "$prefix/bin" >> "${GITHUB_PATH:?GITHUB_PATH is not set}"
"$prefix/bin/omlint" --version
