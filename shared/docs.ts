/** Where lint pages are published; each lint id has `<base>/<id>.md` (docs/lints/ in the repository). */
export const LINT_DOCS_BASE = 'https://github.com/rulelens/rulelens/blob/main/docs/lints';

/** @example lintDocUrl('shadowed-deny') // '…/docs/lints/shadowed-deny.md' */
export function lintDocUrl(id: string): string {
  return `${LINT_DOCS_BASE}/${encodeURIComponent(id)}.md`;
}

/** One-line summaries of the lint ids, for SARIF rule descriptions and completion. */
export const LINT_SUMMARIES: Record<string, string> = {
  'copilot-ignores-permissions': "A repository that runs GitHub Copilot CLI: Copilot ignores the permission rules of .claude/settings.json.",
  'copilot-no-invocation': "A Copilot CLI flags file with no flag, or a script with no copilot command line.",
  'copilot-flag-value': "--allow-tool or --deny-tool without a value: it grants or refuses nothing.",
  'copilot-not-modelled': "A Copilot CLI flag that changes who answers prompts (--autopilot, --mode, --assisted-approval): RuleLens decides as without it.",
  'copilot-allow-all': "--allow-all, --yolo, --allow-all-tools or a bare shell allow: Copilot CLI runs any command without asking.",
  'copilot-shell-glob': "A * inside shell(\u2026) other than a final :* is matched literally: the rule covers no real command.",
  'copilot-foreign-kind': "A Copilot CLI tool pattern using another agent's tool name (Bash, Read, Edit): it names an MCP server and never matches.",
  'copilot-malformed-rule': "A Copilot CLI --allow-tool/--deny-tool value it rejects: the CLI exits before any tool runs.",
  'shadowed-deny': 'A deny that can never decide anything: other rules cover every request it matches.',
  'overridden-deny': 'A deny that decides some of what it matches but not all.',
  'dead-rule': 'A rule that decides nothing.',
  'broad-catch-all': 'A rule matching everything that allows or overrides specific rules.',
  'unwindowed-taint': 'A history rule without a time window: the taint lasts the whole task.',
  'empty-resources': 'A request with resources: [] is allowed with no resource checked.',
  'exact-command-pattern': 'A command pattern without a wildcard matches only the bare command.',
  'literal-glob-syntax': 'Glob syntax the dialect reads literally.',
  'never-matches': 'A rule no request can reach.',
  'allow-runs-anything': 'An allow whose pattern admits arbitrary code.',
  'case-duplicate': 'Rules identical up to case.',
  'duplicate-rule': 'Rules with the same pattern.',
  'duplicate-id': 'Repeated rule ids.',
  'duplicate-key': 'A JSON key repeated in one object: only the last is read.',
  'unused-suppression': 'A rulelens-disable comment that hides no finding, or names one that cannot be hidden.',
  schema: 'The file does not match its dialect schema.',
  'unreadable-file': 'A rule or requests file that cannot be read as UTF-8 text: too large, not a regular file, no permission, or not UTF-8.',
  'request-invalid': 'A stored request that cannot be evaluated.',
  'request-failed': 'A stored request whose expectation is not met.',
  'hook-dependent': 'A stored request a hook of the agent decides first: the outcome cannot be known without running it.',
  'decision-flip': 'A decision that differs from the base version of the rules.',
  'analysis-budget': 'Analysis stopped at its budget for a rule.',
  'critical-not-prompted': 'A critical command that slips past a prompt rule.',
  'cross-tool-bypass': 'A Read/Edit deny on a path that a Bash allow reads or writes anyway.',
  'deny-narrower-than-it-looks': 'A Bash deny that the same command, spelled another way, slips past.',
  'bypass-mode-committed': 'A shared project settings file that sets bypassPermissions (Claude Code 2.1 ignores it there).',
  'codex-missing-decision': 'codex: a prefix_rule without decision, which Codex treats as allow.',
  'codex-token-space': 'codex: a pattern token with a space, which never matches the words it spells.',
  'codex-example-failed': 'codex: a match/not_match example that fails; Codex refuses the file.',
  'codex-not-modelled': 'codex: Starlark RuleLens does not evaluate; the file is judged at most prompt.',
  'codex-project-layer': 'codex: project rules apply only when the project is trusted.',
  'codex-stale-policy': 'codex: a .codexpolicy file Codex no longer reads.',
  'codex-requirements-invalid': 'codex: a requirements.toml Codex rejects; it does not start, so nothing is better than prompt.',
  'codex-no-rules': 'codex: a requirements.toml without a [rules] table adds no exec policy.',
  'gemini-priority-tie': 'gemini: equal priorities where load order silently decides.',
  'gemini-anchor-regex': 'gemini: ^ or $ in commandRegex, which can never match.',
  'gemini-mcp-underscore': 'gemini: an MCP server name with _, which breaks mcp_<server>_<tool> names.',
  'gemini-unsafe-regex': 'gemini: a pattern Gemini rejects, dropping the rule.',
  'gemini-workspace-tier': 'gemini: the workspace policy tier is disabled upstream.',
};
