#!/bin/sh
# The entry of the pre-commit hooks (.pre-commit-hooks.yaml): runs `rulelens ARGS...` from the
# hook's own checkout of RuleLens, built there on first use (npm ci, then the bundle) and reused
# after. A hook of language "node" cannot be used: pre-commit reads the tarball's name from the
# output of `npm pack`, which the build that runs before packing writes into.
here=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -f "$here/dist/cli.js" ] || [ ! -f "$here/dist/server.js" ]; then
  echo "rulelens: building the hook's copy of RuleLens (once)" >&2
  (cd "$here" && npm ci --no-audit --no-fund --ignore-scripts >&2 && node esbuild.mjs >&2) || { echo "rulelens: the build failed" >&2; exit 2; }
fi
exec node "$here/bin/rulelens.js" "$@"
