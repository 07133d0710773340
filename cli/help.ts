import { DIALECTS } from '../shared/dialects';
import { anySource, anyTarget } from './commands/translate-target';

/**
 * The one table of every command: usage, what it does, its options, its exit codes and an example.
 * `rulelens COMMAND --help`, `rulelens help COMMAND`, the usage a mistake repeats and the README's
 * command-line section (cli/readme.ts) are all printed from it; test/cli/help-table.test.ts checks
 * the README and runs every exit code listed here.
 */
export interface CommandHelp {
  /** Each form of the command, without the leading `rulelens `. */
  usage: readonly string[];
  summary: string;
  options: ReadonlyArray<readonly [string, string]>;
  /** Every exit code the command can return, and when. */
  exit: readonly ExitCode[];
  /** At least one command line a person can paste. */
  examples: readonly string[];
}

export interface ExitCode {
  code: 0 | 1 | 2;
  when: string;
}

const ids = (list: readonly { id: string }[]) => list.map((d) => d.id).join(', ');
export const DIALECT_IDS = ids(DIALECTS);
const HISTORY_IDS = ids(DIALECTS.filter((d) => d.history !== undefined));
export const TARGET_IDS = DIALECTS.filter(anyTarget).map((d) => d.id);
const SOURCES = DIALECTS.filter(anySource).map((d) => d.title).join(', ');

const DIALECT: readonly [string, string] = ['--dialect ID', `read the file as this dialect (${DIALECT_IDS}) instead of detecting it`];
const ENGINE_USAGE = '[--no-builtins] [--global-config PATH] [--user-settings PATH] [--codex-requirements PATH] [--file-alone] [--managed-settings PATH] [--codex-user-rules DIR] [--opencode-env]';
/** What the agent adds to the file: its built-in layers, the policy's other files and the user's own config. */
const ENGINE: ReadonlyArray<readonly [string, string]> = [
  ['--no-builtins', 'evaluate the file alone, without the agent\'s built-in layers'],
  ['--global-config PATH', 'OpenCode: the user\'s global config to layer under the file'],
  ['--user-settings PATH', 'Claude Code: the user\'s settings to layer under the file'],
  ['--codex-requirements PATH', 'Codex: an admin\'s requirements.toml whose [rules] join the file'],
  ['--file-alone', 'decide with the file alone, not with the other files and layers of its policy'],
  ['--managed-settings PATH', 'Claude Code: the managed settings to layer over the project'],
  ['--codex-user-rules DIR', 'Codex: the user\'s rules folder (~/.codex/rules) whose .rules files join'],
  ['--opencode-env', 'OpenCode: layer OPENCODE_CONFIG, OPENCODE_CONFIG_CONTENT and OPENCODE_PERMISSION of this environment'],
];
const LEDGER_FILES: ReadonlyArray<readonly [string, string]> = [
  ['--ledger FILE', 'the ledger (default .attesso/ledger.jsonl found from here upward)'],
  ['--rules FILE', 'the history rules (default .attesso/rules.json)'],
  ['--paths FILE', 'the path rules (default .attesso/paths.json)'],
];

export const HELP: Record<string, CommandHelp> = {
  check: {
    usage: [`check [PATH...] [--dialect ID] [--format text|json|sarif] [--max-warnings N] [--trace] [--report-suppressed] ${ENGINE_USAGE}`],
    summary: 'Find the rule files under each PATH (default .), lint them and run their stored requests (X.requests.json beside X.json). A PATH you name must hold a rule file. Each file is decided with the policy the agent loads with it (its sibling layers and files; --file-alone for the file on its own).',
    options: [
      ['--format text|json|sarif', 'output format (default text); sarif is SARIF 2.1.0 for code scanning'],
      ['--max-warnings N', 'also fail when there are more than N warnings (says "W warnings > --max-warnings N" on stderr)'],
      ['--trace', 'also print each request\'s trace (json: a trace per request)'],
      ['--report-suppressed', 'also list the findings a rulelens-disable comment or a .rulelens.json "suppress" entry hides (SARIF: as suppressed results); the summary counts them either way'],
      DIALECT,
      ...ENGINE,
    ],
    exit: [
      { code: 0, when: 'no error-level finding, every stored request met its expectation, warnings within --max-warnings (warnings alone never fail)' },
      { code: 1, when: 'an error-level finding (schema, lint, unreadable file), a failed or invalid stored request, or more warnings than --max-warnings' },
      { code: 2, when: 'a usage error, a PATH that holds no rule file, or a file that cannot be read' },
    ],
    examples: ['rulelens check .', 'rulelens check . --max-warnings 0 --format sarif > rulelens.sarif'],
  },
  eval: {
    usage: [`eval (RULEFILE (--request JSON | --requests FILE) | --all-agents [FOLDER] --request NEUTRAL) [--dialect ID] [--trace] [--format text|json] ${ENGINE_USAGE}`],
    summary: 'Evaluate one request with its full trace, or every request of a requests file (one line each, then a summary line). A request with an "expect" is compared with the decision. The decision is the agent\'s: with every file and layer of the policy RULEFILE belongs to, each deciding rule named by file, line and layer.',
    options: [
      ['--request JSON', 'one request object, e.g. \'{"action":"edit","resources":["secrets/a"],"expect":"deny"}\''],
      ['--requests FILE', 'a requests file ({"requests": [...]})'],
      ['--all-agents [FOLDER]', 'decide one neutral request with every agent policy found under FOLDER (default .), side by side, each with its deciding rule: --request \'{"shell":"git push"}\', \'{"read":".env"}\', \'{"write":"src/a.ts"}\', \'{"path":".env","access":"read"}\', \'{"url":"https://…"}\', \'{"mcp":{"server":"gh","tool":"create_issue"}}\'; an agent whose rules cannot decide that kind of call says so'],
      ['--trace', 'print the trace of every request of --requests'],
      ['--format text|json', 'output format (default text)'],
      DIALECT,
      ...ENGINE,
    ],
    exit: [
      { code: 0, when: 'evaluated, and every "expect" met' },
      { code: 1, when: 'an "expect" not met, or a request of --requests FILE is invalid' },
      { code: 2, when: 'a usage error, an invalid --request, or a file that cannot be read or is no rule file' },
    ],
    examples: ['rulelens eval opencode.json --request \'{"action":"bash","resources":["git push"]}\'', 'rulelens eval --all-agents --request \'{"shell":"git push origin main"}\'', 'rulelens eval .claude/settings.json --requests .claude/settings.requests.json'],
  },
  diff: {
    usage: [`diff RULEFILE --base GITREV|FILE [--max-newly-denied N] [--max-newly-allowed N] [--ledger FILE] [--format text|json|sarif] [--dialect ID] ${ENGINE_USAGE}`],
    summary: 'List every decision that flips against a git revision or another file: stored requests, recorded ledger steps and witness requests found by searching both versions. Against a git revision the whole policy is compared: its other files (a sibling .rules file, the local settings) as they were at that revision and as they are now, so a change to any of them counts; a file git ignores is the same in both. Against a FILE the other files are as they are now. With a --max-newly-* budget it also fails when the search could not examine the whole change. The last line says how many decisions were newly allowed.',
    options: [
      ['--base GITREV|FILE', 'what to compare with: a git revision (origin/main, HEAD~1) or a file'],
      ['--max-newly-allowed N', 'fail when more than N distinct decisions become less strict'],
      ['--max-newly-denied N', 'fail when more than N distinct decisions become stricter'],
      ['--ledger FILE', 'bounds: the ledger whose recorded steps are re-judged'],
      ['--format text|json|sarif', 'output format (default text)'],
      DIALECT,
      ...ENGINE,
    ],
    exit: [
      { code: 0, when: 'within every budget given (no budget: always)' },
      { code: 1, when: 'more newly allowed decisions than --max-newly-allowed, or newly denied than --max-newly-denied, or a budget given and part of the change not searched' },
      { code: 2, when: 'a usage error, a base that cannot be read (unknown revision), or a file no dialect reads' },
    ],
    examples: ['rulelens diff opencode.json --base origin/main --max-newly-allowed 0'],
  },
  ci: {
    usage: [`ci [PATH...] [--base GITREV] [--max-warnings N] [--max-newly-allowed N] [--max-newly-denied N] [--sarif FILE] [--summary FILE] [--no-check] [--github-annotations] ${ENGINE_USAGE}`],
    summary: 'What a CI job or a commit hook runs: check every rule file under each PATH (default .; a named file no dialect claims is skipped, a requests file stands for its rule file), and with --base diff every one of them that changed since the merge base with GITREV. One SARIF file and one Markdown summary (newly allowed decisions first, with witnesses) hold both.',
    options: [
      ['--base GITREV', 'diff the rule files that changed since the merge base of GITREV and HEAD (their requests files count too)'],
      ['--max-warnings N', 'fail when the check has more than N warnings'],
      ['--max-newly-allowed N', 'fail when more than N distinct decisions become less strict, over all changed files'],
      ['--max-newly-denied N', 'fail when more than N distinct decisions become stricter'],
      ['--sarif FILE', 'write SARIF 2.1.0 (findings and decision flips) to FILE'],
      ['--summary FILE', 'append the Markdown summary to FILE (a job summary: $GITHUB_STEP_SUMMARY)'],
      ['--no-check', 'only diff (a hook that guards what a commit widens)'],
      ['--github-annotations', 'also print errors, warnings and flips as GitHub workflow annotations (newly allowed first)'],
      ...ENGINE,
    ],
    exit: [
      { code: 0, when: 'the check passed and every budget held' },
      { code: 1, when: 'the check failed (as check exits 1), more warnings than --max-warnings, or a diff budget exceeded' },
      { code: 2, when: 'a usage error, a PATH that does not exist, a base that is no git revision, or a file that cannot be written' },
    ],
    examples: ['rulelens ci . --base origin/main --max-newly-allowed 0 --sarif rulelens.sarif --summary "$GITHUB_STEP_SUMMARY"'],
  },
  translate: {
    usage: [`translate RULEFILE --to ${TARGET_IDS.join('|')} [--format text|json]`],
    summary: `Translate a rule set (${SOURCES}) for another agent through the neutral rule form. Claude Code settings are proved equivalent on the pattern automata (text: the settings JSON alone on stdout, the report on stderr, so \`> settings.json\` writes only JSON); Codex and Gemini rule files are checked on witness commands. Every other pair (Claude Code, OpenCode, Codex, Gemini, oh-my-pi) goes rule by rule through the call each rule names, and prints one JSON object on stdout whatever --format says: the target file, each rule that cannot be expressed with the reason, and every witness the two agents decide differently (each side by its own evaluator, the file alone); a witness a side cannot decide (a hook first) is listed as undecided, never as a difference.`,
    options: [
      [`--to ${TARGET_IDS.join('|')}`, 'the target agent'],
      ['--format text|json', 'text: the translation on stdout, the report on stderr (settings) or after it (rule files); json: one object'],
    ],
    exit: [
      { code: 0, when: 'proved equivalent' },
      { code: 1, when: 'some decision changes, a rule is left out, or a part is unproved (the translation is still printed)' },
      { code: 2, when: 'a usage error, a file that cannot be read, or a file of a dialect that cannot be translated' },
    ],
    examples: ['rulelens translate opencode.json --to claude > .claude/settings.json', 'rulelens translate .claude/settings.json --to codex'],
  },
  log: {
    usage: ['log --action A --subject S --task T [--trust X] --capability C [--args-hash H] [--at ISO] [--format text|json] [--ledger FILE] [--rules FILE] [--paths FILE]'],
    summary: 'Judge one step under the Bounds history rules and append it to the ledger.',
    options: [
      ['--action A', 'the step\'s action'],
      ['--subject S', 'what it acts on'],
      ['--task T', 'the task it belongs to'],
      ['--trust X', 'the trust level'],
      ['--capability C', 'the capability used'],
      ['--args-hash H', 'a hash of the arguments'],
      ['--at ISO', 'the time of the step (default now)'],
      ['--format text|json', 'output format (default text)'],
      ...LEDGER_FILES,
    ],
    exit: [
      { code: 0, when: 'the step is allowed (ALLOW) and appended' },
      { code: 1, when: 'the step is refused (DENY); it is appended all the same' },
      { code: 2, when: 'a usage error, no rules.json, an invalid rules file, or a ledger that cannot be written' },
    ],
    examples: ['rulelens log --action web.read --subject docs.example --task job-1 --trust untrusted --capability read'],
  },
  explain: {
    usage: ['explain N [--format text|json] [--ledger FILE] [--rules FILE] [--paths FILE]'],
    summary: 'Explain why ledger step N was allowed or refused, and what the current rules decide now.',
    options: [['--format text|json', 'output format (default text)'], ...LEDGER_FILES],
    exit: [
      { code: 0, when: 'step N explained' },
      { code: 2, when: 'a usage error, no step N in the ledger, or a file that cannot be read' },
    ],
    examples: ['rulelens explain 1'],
  },
  suggest: {
    usage: ['suggest [--json] [--ledger FILE] [--rules FILE] [--paths FILE]', 'suggest RULEFILE --history PATH [--write] [--dialect ID] [--format text|json]'],
    summary: 'Suggest Bounds history rules (max_repeats, max_steps) from what the ledger recorded, or the least-privilege rewrite of a rule file from an agent\'s history, proved on every observed call.',
    options: [
      ['--json', 'ledger form: print JSON'],
      ['--history PATH', 'the agent history to learn from (an imported requests file, session files or folders)'],
      ['--write', 'write the rewrite into RULEFILE when it is proved'],
      ['--dialect ID', `the rule file's dialect (${HISTORY_IDS}) instead of detecting it`],
      ['--format text|json', 'output format (default text)'],
      ...LEDGER_FILES,
    ],
    exit: [
      { code: 0, when: 'suggestions printed (history form: the rewrite is proved, and written with --write)' },
      { code: 1, when: 'history form: a proof obligation fails (the patch is shown, never written)' },
      { code: 2, when: 'a usage error or a file that cannot be read' },
    ],
    examples: ['rulelens suggest .claude/settings.json --history ~/.claude/projects/my-project'],
  },
  replay: {
    usage: [
      'replay --rules NEXT [--max-newly-denied N] [--format text|json] [--ledger FILE]',
      'replay RULEFILE --history PATH [--rules NEXT | --base GITREV] [--max-newly-denied N] [--max-newly-asked N] [--max-newly-allowed N] [--dialect ID] [--format text|json]',
    ],
    summary: 'Re-judge every recorded ledger step under candidate Bounds rules, or every call of an agent\'s history under a rule file: with --rules or --base, the calls whose decision flips between the two versions; with neither, what the current rules would ask, deny and allow today.',
    options: [
      ['--rules NEXT', 'the candidate rules file'],
      ['--history PATH', 'an agent history to replay against RULEFILE (an imported requests file, session files or folders)'],
      ['--base GITREV', 'compare RULEFILE with its version at a git revision'],
      ['--max-newly-denied N', 'fail when more than N recorded steps or calls would newly be refused'],
      ['--max-newly-asked N', 'fail when more than N calls would newly ask'],
      ['--max-newly-allowed N', 'fail when more than N calls would newly be allowed'],
      ['--dialect ID', `the rule file's dialect (${HISTORY_IDS}) instead of detecting it`],
      ['--format text|json', 'output format (default text)'],
      ['--ledger FILE', 'the ledger (default .attesso/ledger.jsonl found from here upward)'],
    ],
    exit: [
      { code: 0, when: 'replayed, within every budget given' },
      { code: 1, when: 'a --max-newly-* budget exceeded' },
      { code: 2, when: 'a usage error, a rule file with errors, or a file that cannot be read' },
    ],
    examples: ['rulelens replay .claude/settings.json --history ~/.claude/projects/my-project', 'rulelens replay .claude/settings.json --history history.requests.json --base origin/main --max-newly-allowed 0'],
  },
  import: {
    usage: [`import HISTORY... [--rules RULEFILE | --dialect ${HISTORY_IDS.replace(/, /g, '|')}] [--out FILE] [--since ISO] [--format text|json]`],
    summary: 'Import an agent\'s history (Claude Code sessions and hook logs, Gemini CLI sessions, Codex CLI rollouts) as stored requests: each distinct call once, marked copied.',
    options: [
      ['--rules RULEFILE', 'the rule file the requests are for (its dialect shapes them)'],
      ['--dialect ID', `the dialect of the requests (${HISTORY_IDS})`],
      ['--out FILE', 'the requests file to write (default stdout)'],
      ['--since ISO', 'only calls after this time'],
      ['--format text|json', 'output format (default text)'],
    ],
    exit: [
      { code: 0, when: 'every line read and imported' },
      { code: 1, when: 'some lines could not be read (listed on stderr; the rest is imported)' },
      { code: 2, when: 'a usage error, no history files, or a file that cannot be read or written' },
    ],
    examples: ['rulelens import ~/.claude/projects/my-project --rules .claude/settings.json --out history.requests.json'],
  },
  rules: {
    usage: ['rules set-profile balanced|strict [--rules FILE]', 'rules digest [--rules FILE]'],
    summary: 'Write a shipped Bounds rules profile (the previous file is kept as rules.json.bak), or print the digest of the rules file.',
    options: [['--rules FILE', 'the rules file (default .attesso/rules.json found from here upward)']],
    exit: [
      { code: 0, when: 'written, or the digest printed' },
      { code: 2, when: 'a usage error or a file that cannot be read or written' },
    ],
    examples: ['rulelens rules set-profile balanced'],
  },
  lsp: {
    usage: ['lsp [--stdio | --node-ipc | --socket=PORT]'],
    summary: 'Run the RuleLens language server (diagnostics, hovers, code lenses, quick fixes, completion) for any LSP editor; stdio unless told otherwise.',
    options: [
      ['--stdio', 'talk over stdin/stdout (the default)'],
      ['--node-ipc', 'talk over Node IPC (when started by a Node host)'],
      ['--socket=PORT', 'talk over a TCP socket'],
    ],
    exit: [
      { code: 0, when: 'the editor sent shutdown, then exit' },
      { code: 1, when: 'the editor sent exit without shutdown, or closed the connection' },
      { code: 2, when: 'an unknown option' },
    ],
    examples: ['rulelens lsp --stdio'],
  },
  version: {
    usage: ['version'],
    summary: 'Print the version (also -v, --version).',
    options: [],
    exit: [{ code: 0, when: 'always' }],
    examples: ['rulelens --version'],
  },
  help: {
    usage: ['help [COMMAND]'],
    summary: 'Print the list of commands, or one command\'s help (also COMMAND --help, COMMAND -h).',
    options: [],
    exit: [
      { code: 0, when: 'help printed' },
      { code: 2, when: 'an unknown command' },
    ],
    examples: ['rulelens help check'],
  },
};

/** The usage lines of a command: `usage: rulelens A`, then `       rulelens B` for each other form. */
export function usageLines(name: string): string[] {
  const h = HELP[name];
  return h.usage.map((u, i) => `${i === 0 ? 'usage: ' : '       '}rulelens ${u}`);
}

/**
 * The full help of one command.
 * @example commandHelp('check').startsWith('usage: rulelens check')
 */
export function commandHelp(name: string): string {
  const h = HELP[name];
  if (!h) return '';
  const width = Math.max('-h, --help'.length, ...h.options.map(([flag]) => flag.length));
  const lines = [...usageLines(name), '', h.summary];
  lines.push('', 'options:', ...h.options.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`), `  ${'-h, --help'.padEnd(width)}  show this help`);
  lines.push('', 'exit codes:', ...h.exit.map((e) => `  ${e.code}  ${e.when}`));
  lines.push('', h.examples.length === 1 ? 'example:' : 'examples:', ...h.examples.map((e) => `  ${e}`));
  return lines.join('\n');
}

/** True when argv asks for help before any `--` end-of-options marker. */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const a of argv) {
    if (a === '--') return false;
    if (a === '--help' || a === '-h') return true;
  }
  return false;
}
