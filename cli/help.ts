/**
 * Help text per command: what it does, its options and its exit codes. `rulelens <command> --help`
 * and `rulelens help <command>` print it; a usage error repeats the usage line.
 */
export interface CommandHelp {
  usage: string;
  summary: string;
  options: ReadonlyArray<readonly [string, string]>;
  exit?: string;
  examples?: readonly string[];
}

const EXIT_CHECK = '0 all good · 1 findings or failed requests · 2 usage or I/O error';
const DIALECT: readonly [string, string] = ['--dialect ID', 'read the file as this dialect (opencode, claude, omp, bounds-rules, bounds-paths, codex, gemini) instead of detecting it'];
/** What the agent adds to the file: its built-in layers and the user's own config. */
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
    usage: 'check [PATH...] [--dialect ID] [--format text|json|sarif] [--max-warnings N] [--trace] [--report-suppressed] [--no-builtins] [--global-config PATH] [--user-settings PATH] [--codex-requirements PATH] [--file-alone] [--managed-settings PATH] [--codex-user-rules DIR] [--opencode-env]',
    summary: 'Find rule files under each PATH (default .), lint them and run their stored requests (X.requests.json beside X.json). Each file is decided with the policy the agent loads with it (its sibling layers and files; --file-alone for the file on its own).',
    options: [
      ['--format text|json|sarif', 'output format (default text); sarif is SARIF 2.1.0 for code scanning'],
      ['--max-warnings N', 'also fail when there are more than N warnings'],
      ['--trace', 'json: include each request\'s trace'],
      ['--report-suppressed', 'also list the findings a rulelens-disable comment or a .rulelens.json "suppress" entry hides (SARIF: as suppressed results); the summary counts them either way'],
      DIALECT,
      ...ENGINE,
    ],
    exit: EXIT_CHECK,
    examples: ['rulelens check .', 'rulelens check .claude/settings.json --format sarif > rulelens.sarif'],
  },
  eval: {
    usage: 'eval RULEFILE (--request JSON | --requests FILE) [--dialect ID] [--trace] [--format text|json] [--no-builtins] [--global-config PATH] [--user-settings PATH] [--codex-requirements PATH] [--file-alone] [--managed-settings PATH] [--codex-user-rules DIR] [--opencode-env]',
    summary: 'Evaluate one request with its full trace, or every request of a requests file (one line each, then a summary line). A request with an "expect" is compared with the decision. The decision is the agent\'s: with every file and layer of the policy RULEFILE belongs to, each deciding rule named by file, line and layer.',
    options: [
      ['--request JSON', 'one request object, e.g. \'{"action":"edit","resources":["secrets/a"],"expect":"deny"}\''],
      ['--requests FILE', 'a requests file ({"requests": [...]})'],
      ['--trace', 'print the trace of every request of --requests'],
      ['--format text|json', 'output format (default text)'],
      DIALECT,
      ...ENGINE,
    ],
    exit: '0 every expectation met · 1 an expectation failed or a request is invalid · 2 usage or I/O error',
    examples: ['rulelens eval opencode.json --request \'{"action":"bash","resources":["git push"]}\'', 'rulelens eval .claude/settings.json --requests .claude/settings.requests.json'],
  },
  diff: {
    usage: 'diff RULEFILE --base GITREV|FILE [--max-newly-denied N] [--max-newly-allowed N] [--ledger FILE] [--format text|json|sarif] [--no-builtins] [--global-config PATH] [--user-settings PATH] [--codex-requirements PATH] [--file-alone] [--managed-settings PATH] [--codex-user-rules DIR] [--opencode-env]',
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
    exit: '0 within budget · 1 a budget exceeded, or a budget given and part of the change not searched · 2 usage or I/O error',
    examples: ['rulelens diff opencode.json --base origin/main --max-newly-allowed 0'],
  },
  translate: {
    usage: 'translate RULEFILE --to claude|codex|gemini [--format text|json]',
    summary: 'Translate an OpenCode rule set into Claude Code permission tiers. The settings JSON goes to stdout, the equivalence report to stderr, so `> settings.json` writes only JSON.',
    options: [
      ['--to claude|codex|gemini', 'the target agent'],
      ['--format text|json', 'text: settings on stdout, report on stderr; json: one object with settings and report on stdout'],
    ],
    exit: '0 proved equivalent · 1 some decision changes or is unproved · 2 usage or I/O error',
    examples: ['rulelens translate opencode.json --to claude > .claude/settings.json'],
  },
  log: {
    usage: 'log --action A --subject S --task T [--trust X] --capability C [--args-hash H] [--at ISO] [--ledger FILE] [--rules FILE] [--paths FILE]',
    summary: 'Judge one step under the Bounds history rules and append it to the ledger.',
    options: [
      ['--action A', 'the step\'s action'],
      ['--subject S', 'what it acts on'],
      ['--task T', 'the task it belongs to'],
      ['--trust X', 'the trust level'],
      ['--capability C', 'the capability used'],
      ['--args-hash H', 'a hash of the arguments'],
      ['--at ISO', 'the time of the step (default now)'],
      ['--format text|json', 'output format'],
      ...LEDGER_FILES,
    ],
  },
  explain: {
    usage: 'explain N [--format text|json] [--ledger FILE] [--rules FILE]',
    summary: 'Explain why ledger step N was allowed or refused.',
    options: [['--format text|json', 'output format'], ...LEDGER_FILES],
  },
  suggest: {
    usage: 'suggest [--json] [--ledger FILE] | suggest RULEFILE --history PATH [--write] [--format text|json]',
    summary: 'Suggest history rules from what the ledger recorded, or rules for a rule file from an agent\'s history.',
    options: [['--json', 'print JSON'], ['--history PATH', 'the agent history to learn from'], ['--write', 'write the suggestions into RULEFILE'], ['--format text|json', 'output format'], ...LEDGER_FILES],
  },
  replay: {
    usage: 'replay --rules NEXT [--max-newly-denied N] [--format text|json] [--ledger FILE] | replay RULEFILE --history PATH (--rules NEXT | --base GITREV) [--max-newly-denied N] [--max-newly-asked N] [--max-newly-allowed N] [--format text|json]',
    summary: 'Re-judge every recorded ledger step, or every call of an agent history, under candidate rules.',
    options: [
      ['--rules NEXT', 'the candidate rules file'],
      ['--history PATH', 'an agent history to replay against RULEFILE'],
      ['--base GITREV', 'compare with RULEFILE at a git revision'],
      ['--max-newly-denied N', 'fail when more than N recorded steps would be refused'],
      ['--max-newly-asked N', 'fail when more than N calls would newly ask'],
      ['--max-newly-allowed N', 'fail when more than N calls would newly be allowed'],
      ['--format text|json', 'output format'],
      ['--ledger FILE', 'the ledger'],
    ],
  },
  import: {
    usage: 'import HISTORY... [--rules RULEFILE | --dialect claude|opencode|omp] [--out FILE] [--since ISO] [--format text|json]',
    summary: 'Import an agent\'s history as stored requests.',
    options: [
      ['--rules RULEFILE', 'the rule file the requests are for'],
      ['--dialect ID', 'the dialect of the history (claude, opencode, omp)'],
      ['--out FILE', 'the requests file to write'],
      ['--since ISO', 'only calls after this time'],
      ['--format text|json', 'output format'],
    ],
  },
  rules: {
    usage: 'rules set-profile balanced|strict [--rules FILE] | rules digest [--rules FILE]',
    summary: 'Write a Bounds rules profile, or print the digest of the rules file.',
    options: [['--rules FILE', 'the rules file (default .attesso/rules.json)']],
  },
  lsp: {
    usage: 'lsp [--stdio]',
    summary: 'Run the RuleLens language server (diagnostics, hovers, code lenses, quick fixes) for any LSP editor. It speaks LSP over stdin/stdout.',
    options: [
      ['--stdio', 'talk over stdin/stdout (the default)'],
      ['--node-ipc', 'talk over Node IPC (when started by a Node host)'],
      ['--socket=PORT', 'talk over a TCP socket'],
    ],
    examples: ['rulelens lsp --stdio'],
  },
  version: { usage: 'version', summary: 'Print the version (also -v, --version).', options: [] },
  help: { usage: 'help [COMMAND]', summary: 'Print the list of commands, or one command\'s help (also COMMAND --help).', options: [] },
};

/**
 * The full help of one command.
 * @example commandHelp('check').startsWith('usage: rulelens check')
 */
export function commandHelp(name: string): string {
  const h = HELP[name];
  if (!h) return '';
  const width = Math.max(0, ...h.options.map(([flag]) => flag.length));
  const lines = [`usage: rulelens ${h.usage}`, '', h.summary];
  if (h.options.length) lines.push('', 'options:', ...h.options.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`), `  ${'-h, --help'.padEnd(width)}  show this help`);
  if (h.exit) lines.push('', `exit: ${h.exit}`);
  if (h.examples?.length) lines.push('', 'examples:', ...h.examples.map((e) => `  ${e}`));
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
