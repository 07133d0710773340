#!/usr/bin/env bash
# RuleLens end-to-end tests in a real VS Code: code-server's bundled VS Code server on 127.0.0.1,
# driven by Debian's Chromium through playwright-core. Offline apart from apt and the npm registry.
#   (0) grammar check with VS Code's TextMate engine
#   (1) mocha tests inside the extension host (extension under development = this checkout)
#   (2) a UI check against the packaged .vsix, with screenshots in test/e2e/screenshots/
# Ends with one line `N passed, M failed`; exits non-zero on any failure.
# Env: PORT (default 8123), KEEP=1 keeps the work folder, SKIP_UI=1, SKIP_HOST_TESTS=1,
# RULELENS_SCREENSHOTS=<folder> (the README's pictures, e.g. docs/screenshots).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
PORT=${PORT:-8123}
SHOTS=${SHOTS:-$HERE/screenshots}
# RULELENS_SCREENSHOTS=docs/screenshots: the UI check also writes the README's cropped pictures there.
if [ -n "${RULELENS_SCREENSHOTS:-}" ]; then
  case "$RULELENS_SCREENSHOTS" in /*) ;; *) RULELENS_SCREENSHOTS="$ROOT/$RULELENS_SCREENSHOTS" ;; esac
  export RULELENS_SCREENSHOTS
fi
mkdir -p "$ROOT/.e2e"
WORK=$(mktemp -d "$ROOT/.e2e/run.XXXX")
export TMPDIR="$WORK/tmp"; mkdir -p "$TMPDIR"   # the server's sockets and caches stay in the work folder
T0=$(date +%s)
step() { echo "== $* ($(( $(date +%s) - T0 ))s)"; }
die() { echo "e2e setup failed: $*"; echo "0 passed, 1 failed"; exit 1; }

# 1. system packages: chromium (browser), libkrb5-dev (a native module of the server), ripgrep (seeds @vscode/ripgrep)
if ! command -v chromium >/dev/null || ! dpkg -s libkrb5-dev ripgrep >/dev/null 2>&1; then
  step "apt-get install chromium libkrb5-dev ripgrep"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium libkrb5-dev ripgrep >/dev/null; } || die "apt-get"
fi

# 2. the VS Code host (its own npm project so the extension's npm ci stays small). @vscode/ripgrep would
#    download rg from GitHub: pre-fill its cache with Debian's rg (same 13.0.0).
HOST="$HERE/host"
if [ ! -f "$HOST/node_modules/code-server/lib/vscode/out/server-main.js" ] || [ ! -x "$HOST/node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg" ] || [ ! -d "$HOST/node_modules/playwright-core" ]; then
  step "npm ci (code-server 4.100.3, playwright-core)"
  mkdir -p "$TMPDIR/vscode-ripgrep-cache-1.15.11"
  tar czf "$TMPDIR/vscode-ripgrep-cache-1.15.11/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C /usr/bin rg
  (cd "$HOST" && npm_config_unsafe_perm=true npm_config_yes=true npm ci --no-audit --no-fund --loglevel=error) || die "npm ci in test/e2e/host"
fi
SERVER_MAIN="$HOST/node_modules/code-server/lib/vscode/out/server-main.js"

# 3. build the extension and the tests, package the .vsix
step "build"
(cd "$ROOT" && node esbuild.mjs) || die "node esbuild.mjs"
[ -f "$ROOT/dist/client.js" ] || die "dist/client.js was not built"
[ -f "$ROOT/dist/server.js" ] || echo "   note: dist/server.js is missing; the extension runs without its language server"
node "$HERE/build.mjs" || die "compiling the e2e tests"
step "package .vsix"
VSIX="$WORK/rulelens.vsix"
if [ -f "$ROOT/.vscodeignore" ] && (cd "$ROOT" && node -e 'process.exit(require("./package.json").scripts?.package ? 0 : 1)'); then
  (cd "$ROOT" && npm run -s package -- -o "$VSIX") >"$WORK/vsce.log" 2>&1 || { cat "$WORK/vsce.log"; die "npm run package"; }
else
  # No .vscodeignore yet: package only what the extension ships, never the e2e host's node_modules.
  (cd "$ROOT" && npx vsce package --no-dependencies --allow-missing-repository --ignoreFile "$HERE/package.vscodeignore" -o "$VSIX") \
    >"$WORK/vsce.log" 2>&1 || { cat "$WORK/vsce.log"; die "vsce package"; }
fi
echo "   $(du -h "$VSIX" | cut -f1) $(basename "$VSIX"): $(unzip -l "$VSIX" | tail -1 | awk '{print $2}') files"

# 4. fresh user data and extensions folder; install the .vsix (the UI check uses the packaged copy)
mkdir -p "$WORK/ud/User" "$WORK/exts"
cat > "$WORK/ud/User/settings.json" <<'JSON'
{ "telemetry.telemetryLevel": "off", "workbench.startupEditor": "none", "update.mode": "none",
  "extensions.autoCheckUpdates": false, "extensions.autoUpdate": false, "workbench.enableExperiments": false,
  "json.schemaDownload.enable": false, "npm.fetchOnlinePackageInfo": false, "git.enabled": false,
  "security.workspace.trust.enabled": false, "workbench.tips.enabled": false, "chat.disableAIFeatures": true,
  "editor.hover.delay": 200, "window.commandCenter": false, "workbench.colorTheme": "Default Dark Modern",
  "files.autoSave": "off" }
JSON
node "$SERVER_MAIN" --accept-server-license-terms --install-extension "$VSIX" \
  --extensions-dir "$WORK/exts" --user-data-dir "$WORK/ud" --server-data-dir "$WORK/sd" >"$WORK/install.log" 2>&1 \
  || { cat "$WORK/install.log"; die "installing the .vsix"; }
# Two copies of the fixtures: the in-host tests edit and save theirs (and restore theirs from
# $HERE/workspace before each test); the web workbench's default is to save edits after a delay,
# which the settings above turn off.
# The in-host tests' fixtures also hold the shipped examples (under shipped/): the fresh-window
# test compares every stored request of every dialect with `rulelens check`.
FIXTURES="$WORK/fixtures"; cp -r "$HERE/workspace" "$FIXTURES"; cp -r "$ROOT/examples" "$FIXTURES/shipped"
cp -r "$FIXTURES" "$WORK/ws-tests"; cp -r "$HERE/workspace" "$WORK/ws-ui"

# 5. the VS Code server, loopback only, in its own process group so every child stops with it
step "start VS Code server on 127.0.0.1:$PORT"
RULELENS_E2E_DEV="$ROOT" RULELENS_E2E_FIXTURES="$FIXTURES" EXTENSIONS_GALLERY='{}' setsid node "$SERVER_MAIN" \
  --host 127.0.0.1 --port "$PORT" --without-connection-token --accept-server-license-terms \
  --enable-smoke-test-driver --disable-telemetry \
  --extensions-dir "$WORK/exts" --user-data-dir "$WORK/ud" --server-data-dir "$WORK/sd" >"$WORK/server.log" 2>&1 &
SPID=$!
cleanup() {
  kill -TERM -- -"$SPID" 2>/dev/null; sleep 1; kill -KILL -- -"$SPID" 2>/dev/null
  if [ -n "${KEEP:-}" ]; then echo "work folder kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
for _ in $(seq 1 300); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/version" && break; sleep 0.1; done
curl -fs -o /dev/null "http://127.0.0.1:$PORT/version" || { tail -20 "$WORK/server.log"; die "the server did not start"; }

PASSED=0; FAILED=0
mkdir -p "$SHOTS"; rm -f "$SHOTS"/*.png
tally() { # adds the last "N passed, M failed" line of a part's log
  local line; line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$1" | tail -1)
  if [ -z "$line" ]; then FAILED=$((FAILED + 1)); return; fi
  PASSED=$((PASSED + $(echo "$line" | cut -d' ' -f1))); FAILED=$((FAILED + $(echo "$line" | cut -d' ' -f3)))
}

step "grammar check"
node "$HERE/grammar-check.mjs" 2>&1 | tee "$WORK/grammar.log"; tally "$WORK/grammar.log"

if [ -z "${SKIP_HOST_TESTS:-}" ]; then
  step "extension-host tests"
  mkdir -p "$SHOTS"
  node "$HERE/run-ext-tests.mjs" "http://127.0.0.1:$PORT" "$WORK/ws-tests" "$ROOT" "$ROOT/.e2e/tests/index" "$SHOTS/host-tests.png" 2>&1 | tee "$WORK/host-tests.log"
  tally "$WORK/host-tests.log"
fi

if [ -z "${SKIP_UI:-}" ]; then
  step "UI check (installed .vsix)"
  # The development copy must not shadow the installed one here: a plain workbench URL has no payload.
  node "$HERE/ui-check.mjs" "http://127.0.0.1:$PORT" "$WORK/ws-ui" "$SHOTS" 2>&1 | tee "$WORK/ui.log"
  tally "$WORK/ui.log"
  echo "   screenshots: $(cd "$SHOTS" 2>/dev/null && ls *.png 2>/dev/null | tr '\n' ' ')"
fi

if [ "$FAILED" -gt 0 ]; then
  echo "-- server log (tail) --"; tail -15 "$WORK/server.log"
  for f in "$WORK"/sd/data/logs/*/exthost*/remoteexthost.log "$WORK"/sd/data/logs/*/remoteexthost.log; do [ -f "$f" ] && { echo "-- $f (tail) --"; tail -15 "$f"; }; done
fi
step "done"
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
