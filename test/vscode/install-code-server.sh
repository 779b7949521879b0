#!/usr/bin/env bash
# Installs code-server (a real VS Code served to a browser) into a cache folder outside the repo,
# for the end-to-end test of the omlint extension. Idempotent: a finished install is reused.
# Prints the path of the code-server executable on its last line of output.
#
# Why each step:
# - code-server 4.100.3 is the last release that runs on Node 20 (later ones need Node 22+).
# - npm 11 skips dependency install scripts unless approved; code-server's postinstall (which
#   installs lib/vscode's dependencies) and the native modules under it (node-pty, spdlog,
#   kerberos, @parcel/watcher, ...) need theirs, so scripts are allowed for this throwaway
#   install only (never for the project).
# - kerberos builds against libkrb5-dev (apt).
# - @vscode/ripgrep downloads a binary from GitHub, which this machine cannot reach: its
#   download cache is seeded with Debian's ripgrep (apt) under the name it expects.
set -euo pipefail

VERSION=4.100.3
RG_PKG_VERSION=1.15.11                       # @vscode/ripgrep in code-server's lib/vscode shrinkwrap
RG_ASSET=ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz
CACHE="${OMLINT_CODE_SERVER_CACHE:-${TMPDIR:-/tmp}/omlint-code-server}"
PREFIX="$CACHE/$VERSION"
BIN="$PREFIX/node_modules/code-server/out/node/entry.js"
MARKER="$PREFIX/.installed"

if [[ -f "$MARKER" && -f "$BIN" ]]; then
  echo "$BIN"
  exit 0
fi

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [[ "$node_major" != 20 ]]; then
  echo "install-code-server: code-server $VERSION needs Node 20, this is Node $node_major" >&2
  exit 3
fi
rg_bin="$(command -v rg || true)"
if [[ -z "$rg_bin" ]]; then
  echo "install-code-server: ripgrep is missing (apt-get install -y ripgrep)" >&2
  exit 3
fi
if ! command -v krb5-config >/dev/null; then
  echo "install-code-server: libkrb5-dev is missing (apt-get install -y libkrb5-dev)" >&2
  exit 3
fi

rm -rf "$PREFIX"
mkdir -p "$PREFIX/tmp/vscode-ripgrep-cache-$RG_PKG_VERSION"
# The asset holds `rg` at its top level (@vscode/ripgrep's download.js untars it into bin/).
tar -czf "$PREFIX/tmp/vscode-ripgrep-cache-$RG_PKG_VERSION/$RG_ASSET" -C "$(dirname "$(readlink -f "$rg_bin")")" "$(basename "$(readlink -f "$rg_bin")")"
if [[ "$(basename "$(readlink -f "$rg_bin")")" != rg ]]; then
  echo "install-code-server: ripgrep's binary is not named rg" >&2
  exit 3
fi
echo '{ "name": "omlint-code-server-cache", "private": true }' >"$PREFIX/package.json"

cd "$PREFIX"
# TMPDIR: where @vscode/ripgrep looks for its download cache (os.tmpdir()).
env TMPDIR="$PREFIX/tmp" \
  npm_config_yes=true \
  npm_config_dangerously_allow_all_scripts=true \
  npm_config_unsafe_perm=true \
  npm_config_audit=false \
  npm_config_fund=false \
  npm_config_update_notifier=false \
  npm install --no-save "code-server@$VERSION" >&2

# Verify that the postinstall really ran (the part npm 11 would skip silently).
vscode="$PREFIX/node_modules/code-server/lib/vscode"
for must in "$vscode/node_modules/node-pty" "$vscode/node_modules/@vscode/ripgrep/bin/rg" "$vscode/node_modules.asar" "$vscode/extensions/node_modules"; do
  if [[ ! -e "$must" ]]; then
    echo "install-code-server: $must is missing: code-server's postinstall did not complete" >&2
    exit 4
  fi
done
touch "$MARKER"
echo "$BIN"
