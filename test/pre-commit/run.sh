#!/usr/bin/env bash
# The hooks of .pre-commit-hooks.yaml run by pre-commit itself, as a project that adopts them
# would: a scratch repository whose .pre-commit-config.yaml names this repository at HEAD, staged
# changes to its rule file, `pre-commit run HOOK` and its exit code. pre-commit installs the
# committed revision, so uncommitted changes to the hooks are not what runs. With --install,
# Debian's pre-commit is installed first when missing. Ends "N passed, M failed".
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v pre-commit >/dev/null && [ "${1:-}" = "--install" ]; then
  apt-get update -qq >/dev/null 2>&1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends pre-commit >/dev/null 2>&1 || echo "could not install pre-commit"
fi
if ! command -v pre-commit >/dev/null; then echo "skipped: pre-commit is not installed"; echo "0 passed, 0 failed"; exit 0; fi
echo "$(pre-commit --version), hooks of $(git -C "$ROOT" rev-parse --short HEAD)"
if [ -n "$(git -C "$ROOT" status --porcelain -- .pre-commit-hooks.yaml scripts/pre-commit-hook.sh)" ]; then
  echo "note: the hook files have uncommitted changes; pre-commit runs the committed ones"
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export PRE_COMMIT_HOME="$WORK/cache"
REPO="$WORK/project"
mkdir -p "$REPO"
cd "$REPO"
g() { git -c user.name=t -c user.email=t@t -c init.defaultBranch=main -c commit.gpgsign=false "$@"; }
g init -q
cp "$ROOT/examples/opencode/opencode.json" "$ROOT/examples/opencode/opencode.requests.json" .
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $ROOT
    rev: $(git -C "$ROOT" rev-parse HEAD)
    hooks:
      - id: rulelens
      - id: rulelens-diff
YAML
g add . && g commit -qm base

passed=0; failed=0
expect() { # exit code, pattern the output must hold, label, hook
  local want=$1 pattern=$2 label=$3 hook=$4
  local out; out=$(pre-commit run "$hook" 2>&1); local rc=$?
  if [ "$rc" -eq "$want" ] && grep -q -- "$pattern" <<<"$out"; then passed=$((passed + 1)); echo "  ✓ $label (exit $rc)"
  else failed=$((failed + 1)); echo "  ✗ $label: exit $rc, wanted $want and /$pattern/"; echo "$out" | tail -15 | sed 's/^/    | /'; fi
}
# A deny added for .env: stricter, every stored request still passes.
node -e 'const f="opencode.json",fs=require("fs"),j=JSON.parse(fs.readFileSync(f,"utf8"));j.permissions.push({action:"edit",resource:".env",effect:"deny"});fs.writeFileSync(f,JSON.stringify(j,null,2)+"\n")'
g add opencode.json
expect 0 "Passed" "rulelens: a staged rule file that passes" rulelens
expect 0 "Passed" "rulelens-diff: a stricter rule file" rulelens-diff
g commit -qm stricter --no-verify
# src/* allowed: wider, and the stored request that expects ask now fails.
node -e 'const f="opencode.json",fs=require("fs"),j=JSON.parse(fs.readFileSync(f,"utf8"));j.permissions.push({action:"edit",resource:"src/*",effect:"allow"});fs.writeFileSync(f,JSON.stringify(j,null,2)+"\n")'
g add opencode.json
expect 1 "1 failed request" "rulelens: a stored request fails" rulelens
expect 1 "1 newly allowed > --max-newly-allowed 0" "rulelens-diff: a widened rule file" rulelens-diff
g reset -q --hard
# A staged JSON file no dialect claims is skipped.
echo '{"name": "x"}' > settings.json
g add settings.json
expect 0 "Passed" "rulelens: a file no dialect claims" rulelens
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
