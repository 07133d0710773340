#!/usr/bin/env bash
# Each editor snippet of docs/editors/ tried headless, as a person would use it: the editor starts
# on an example rule file of each file type RuleLens reads (JSON, YAML, TOML, Codex .rules), starts
# `rulelens lsp --stdio` through the snippet, and must show the server's diagnostics (a lint code
# known for that file). Editors not installed are skipped and said so; with --install, the
# Debian packages are installed first (neovim 0.7, emacs-nox with elpa-eglot). Ends "N passed, M failed".
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/test/editors"
if [ "${1:-}" = "--install" ] && ! { command -v nvim && command -v emacs && emacs --batch --eval "(require 'eglot)"; } >/dev/null 2>&1; then
  apt-get update -qq >/dev/null 2>&1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends neovim emacs-nox elpa-eglot >/dev/null 2>&1 || echo "could not install the editors"
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/bin"
printf '#!/bin/sh\nexec node %q "$@"\n' "$ROOT/bin/rulelens.js" > "$WORK/bin/rulelens"
chmod +x "$WORK/bin/rulelens"
export PATH="$WORK/bin:$PATH"
cp -r "$ROOT/examples/." "$WORK/examples"
# file, then a lint code the server reports there
CASES=(
  "omp/config.json shadowed-deny"
  "omp-yaml/.omp/config.yml never-matches"
  "claude/.claude/settings.json deny-narrower-than-it-looks"
  "gemini/.gemini/policies/policy.toml gemini-workspace-tier"
  "codex/.codex/rules/default.rules codex-project-layer"
)
passed=0; failed=0
try() { # label, command...
  local label=$1; shift
  local out; out=$("$@" 2>&1); local rc=$?
  if [ $rc -eq 0 ]; then passed=$((passed + 1)); echo "  ✓ $label: $(echo "$out" | tail -1)"
  else failed=$((failed + 1)); echo "  ✗ $label (exit $rc)"; echo "$out" | tail -5 | sed 's/^/    | /'; fi
}
cd "$WORK/examples"
if command -v nvim >/dev/null; then
  echo "$(nvim --version | head -1), docs/editors/rulelens.lua"
  for c in "${CASES[@]}"; do
    set -- $c
    EXPECT=$2 try "$1" nvim --clean --headless -c "luafile $ROOT/docs/editors/rulelens.lua" -c "edit $1" -c "luafile $HERE/nvim-wait.lua"
  done
else echo "skipped: Neovim is not installed"; fi
if command -v emacs >/dev/null && emacs --batch --eval "(require 'eglot)" >/dev/null 2>&1; then
  echo "$(emacs --version | head -1) with eglot, docs/editors/rulelens.el"
  for c in "${CASES[@]}"; do
    set -- $c
    EXPECT=$2 try "$1" emacs --batch -l "$ROOT/docs/editors/rulelens.el" --eval "(find-file \"$1\")" -l "$HERE/emacs-wait.el"
  done
else echo "skipped: Emacs with eglot is not installed"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
