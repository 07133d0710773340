#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml), runnable anywhere with the same environment:
#   action.sh install   installs RuleLens (INPUT_VERSION, or builds ACTION_PATH) and writes
#                       rulelens=COMMAND to $GITHUB_OUTPUT
#   action.sh run       runs `rulelens ci` over INPUT_PATHS, diffing against INPUT_BASE, into
#                       INPUT_SARIF_FILE and $GITHUB_STEP_SUMMARY; writes exit-code and sarif-file
#                       to $GITHUB_OUTPUT and exits 0, so the SARIF upload runs before the verdict.
# The logic itself is `rulelens ci` (cli/commands/ci.ts); test/cli/action.test.ts runs this script.
set -uo pipefail
out() { if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "$1" >> "$GITHUB_OUTPUT"; fi; }

case "${1:-}" in
install)
  if [ -z "${INPUT_VERSION:-}" ]; then
    cd "$ACTION_PATH" || exit 2
    # The action's own checkout, built once: its dependencies' install scripts are not needed.
    npm ci --no-audit --no-fund --ignore-scripts || exit 2
    node esbuild.mjs || exit 2
    out "rulelens=node $ACTION_PATH/bin/rulelens.js"
  else
    spec=$INPUT_VERSION
    case "$spec" in */* | *.tgz) ;; *) spec="rulelens@$spec" ;; esac
    dir="${RUNNER_TEMP:-$(mktemp -d)}/rulelens-install"
    mkdir -p "$dir" && echo '{"private": true}' > "$dir/package.json"
    npm install --prefix "$dir" --no-save --no-audit --no-fund "$spec" || exit 2
    out "rulelens=$dir/node_modules/.bin/rulelens"
  fi
  ;;
run)
  read -ra cmd <<< "${RULELENS:-rulelens}"
  read -ra paths <<< "$(echo "${INPUT_PATHS:-.}" | tr '\n' ' ')"
  [ ${#paths[@]} -gt 0 ] || paths=(.)
  sarif=${INPUT_SARIF_FILE:-rulelens.sarif}
  args=(ci "${paths[@]}" --sarif "$sarif" --github-annotations)
  [ -n "${GITHUB_STEP_SUMMARY:-}" ] && args+=(--summary "$GITHUB_STEP_SUMMARY")
  [ -n "${INPUT_MAX_WARNINGS:-}" ] && args+=(--max-warnings "$INPUT_MAX_WARNINGS")
  [ -n "${INPUT_MAX_NEWLY_ALLOWED:-}" ] && args+=(--max-newly-allowed "$INPUT_MAX_NEWLY_ALLOWED")
  [ -n "${INPUT_MAX_NEWLY_DENIED:-}" ] && args+=(--max-newly-denied "$INPUT_MAX_NEWLY_DENIED")
  base=${INPUT_BASE:-}
  # A push that creates a branch has no commit before it: there is nothing to compare with.
  if [ -n "$base" ] && [ "$base" != "0000000000000000000000000000000000000000" ]; then
    if ! git cat-file -e "$base^{commit}" 2>/dev/null; then
      # A shallow checkout (the default fetch-depth: 1) lacks the base: fetch that one commit.
      git fetch --no-tags --quiet --depth=1 origin "$base" || echo "::warning::could not fetch the base $base; use actions/checkout with fetch-depth: 0"
    fi
    args+=(--base "$base")
  fi
  echo "${cmd[*]} ${args[*]}"
  "${cmd[@]}" "${args[@]}"
  code=$?
  out "exit-code=$code"
  [ -f "$sarif" ] && out "sarif-file=$sarif"
  exit 0
  ;;
*)
  echo "usage: action.sh install|run" >&2
  exit 2
  ;;
esac
