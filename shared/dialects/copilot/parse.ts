import { finding, SourceText, type Finding } from '../../model';
import type { FileInfo } from '../dialect';
import { invocations, type Word } from './scan';
import type { CopilotFlag, CopilotInvocation, CopilotRule, CopilotRuleSet, ToolPattern } from './types';

/** Flags whose words up to the next option are values (`--allow-tool [tools...]`). */
const VALUED: Readonly<Record<string, CopilotFlag>> = {
  '--allow-tool': 'allow-tool',
  '--deny-tool': 'deny-tool',
  '--allow-url': 'allow-url',
  '--deny-url': 'deny-url',
  '--add-dir': 'add-dir',
  '--available-tools': 'available-tools',
  '--excluded-tools': 'excluded-tools',
};
const SWITCHES: Readonly<Record<string, CopilotFlag>> = {
  '--allow-all-tools': 'allow-all-tools',
  '--allow-all-paths': 'allow-all-paths',
  '--allow-all-urls': 'allow-all-urls',
  '--allow-all': 'allow-all',
  '--yolo': 'allow-all',
  '--disallow-temp-dir': 'disallow-temp-dir',
};
/** Flags that change approvals in ways no rule shows (an LLM judge, auto-answered prompts). */
const UNMODELLED = new Set(['--autopilot', '--assisted-approval', '--mode']);
const PROMPT = new Set(['-p', '--prompt']);
/** Flags of other kinds that take one value (so it is not read as a permission flag). */
const ONE_VALUE = new Set(['-p', '--prompt', '--model', '--mode', '--config-dir', '--log-level', '--log-dir', '--output-format', '--resume', '--agent', '--effort', '--reasoning-effort']);

const DENY_FLAGS: readonly CopilotFlag[] = ['deny-tool', 'deny-url', 'excluded-tools'];

/**
 * `kind(argument?)` as Copilot CLI's `permissionsParseRuleValue` accepts it: any identifier as kind,
 * an optional parenthesised argument; anything else is malformed ("Invalid rule format").
 * @example parseToolPattern('shell(git:*)') // { kind: 'shell', argument: 'git:*' }
 */
export function parseToolPattern(value: string): ToolPattern | undefined {
  const v = value.trim();
  const open = v.indexOf('(');
  if (open < 0) return /^\w[\w.-]*$/.test(v) ? { kind: v } : undefined;
  if (!v.endsWith(')')) return undefined;
  const kind = v.slice(0, open);
  if (!/^\w[\w.-]*$/.test(kind)) return undefined;
  const argument = v.slice(open + 1, -1).trim();
  return argument === '' ? { kind } : { kind, argument };
}

/**
 * Comma-separated parts of a flag value at parenthesis depth 0, trimmed, empty parts dropped, as
 * the CLI splits them before parsing each.
 * @example splitValue('shell(git:*), write') // [['shell(git:*)', 0], ['write', 14]]
 */
export function splitValue(value: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  let depth = 0;
  let from = 0;
  const push = (end: number) => {
    const raw = value.slice(from, end);
    const t = raw.trim();
    if (t) out.push([t, from + raw.indexOf(t)]);
  };
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      push(i);
      from = i + 1;
    }
  }
  push(value.length);
  return out;
}

/** The file's form, from its path. */
export function formOf(path: string): CopilotRuleSet['form'] {
  const p = path.replace(/\\/g, '/');
  if (/\.flags$/i.test(p)) return 'flags';
  if (/\.ya?ml$/i.test(p)) return 'workflow';
  return 'script';
}

/**
 * Reads a flags file, a GitHub workflow or a shell script into the permission flags of each
 * `copilot` invocation it holds.
 * @example parseCopilot({ path: '.github/copilot/permissions.flags', text: '--allow-tool shell(git:*)\n' }).rules[0].label // '--allow-tool shell(git:*)'
 */
export function parseCopilot(file: FileInfo): CopilotRuleSet {
  const source = new SourceText(file.text);
  const form = formOf(file.path);
  const findings: Finding[] = [];
  const rules: CopilotRule[] = [];
  const invs: CopilotInvocation[] = [];
  const lines = form === 'flags' ? [flagsFileWords(file.text)] : invocations(file.text);
  for (const words of lines) {
    const n = invs.length;
    const inv: CopilotInvocation = { line: source.lineAt(words[0]?.start ?? 0) + 1, prompt: false, unmodelled: [], malformed: false };
    invs.push(inv);
    readFlags(form === 'flags' ? words : words.slice(1), n, inv, rules, findings, source);
  }
  if (form === 'flags' && invs[0]) invs[0].prompt = true;
  if (invs.length === 0) findings.push(finding('copilot-no-invocation', 'information', form === 'flags' ? 'the flags file is empty: Copilot CLI runs with its defaults (every tool that is not read-only asks)' : 'no `copilot` command line found in this file', source.range(0, 0)));
  return { dialect: 'copilot', path: file.path, source, rules, findings, form, invocations: invs };
}

function readFlags(words: Word[], inv: number, info: CopilotInvocation, rules: CopilotRule[], findings: Finding[], source: SourceText): void {
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    const eq = w.value.indexOf('=');
    const name = w.value.startsWith('--') && eq > 0 ? w.value.slice(0, eq) : w.value;
    const inline = name !== w.value ? w.value.slice(eq + 1) : undefined;
    if (PROMPT.has(name)) info.prompt = true;
    if (UNMODELLED.has(name)) info.unmodelled.push(name);
    const sw = SWITCHES[name];
    if (sw) {
      rules.push(rule(rules.length, sw, undefined, undefined, inv, w.value, source.range(w.start, w.end)));
      continue;
    }
    const flag = VALUED[name];
    if (!flag) {
      if (ONE_VALUE.has(name) && inline === undefined) k++;
      continue;
    }
    const values: Word[] = [];
    if (inline !== undefined) values.push({ value: inline, start: w.start + eq + 1, end: w.end });
    else while (k + 1 < words.length && !words[k + 1].value.startsWith('-')) values.push(words[++k]);
    if (values.length === 0 && (flag === 'allow-tool' || flag === 'deny-tool')) {
      findings.push(finding('copilot-flag-value', 'warning', `${name} without a value grants or refuses nothing`, source.range(w.start, w.end)));
      continue;
    }
    for (const v of values) {
      const quoted = v.end - v.start !== v.value.length;
      for (const [part, at] of splitValue(v.value)) {
        // An unquoted word's parts map to the file one to one; a quoted word's part is shown as the whole word.
        const range = quoted ? source.range(v.start, v.end) : source.range(v.start + at, v.start + at + part.length);
        let pattern: ToolPattern | undefined;
        if (flag === 'allow-tool' || flag === 'deny-tool') {
          pattern = parseToolPattern(part);
          if (!pattern) {
            info.malformed = true;
            findings.push(finding('copilot-malformed-rule', 'error', `Copilot CLI rejects "${part}" ("Invalid rule format": expected kind or kind(argument)) and refuses to start`, range));
          }
        }
        rules.push(rule(rules.length, flag, part, pattern, inv, `${name} ${part}`, range));
      }
    }
  }
}

function rule(index: number, flag: CopilotFlag, value: string | undefined, pattern: ToolPattern | undefined, invocation: number, label: string, range: CopilotRule['range']): CopilotRule {
  const deny = DENY_FLAGS.includes(flag);
  return { index, id: null, decision: deny ? 'deny' : 'allow', native: deny ? 'denied' : 'approved', label, range, flag, value, pattern, invocation, startLine: range.start.line };
}

/**
 * RuleLens's flags file: one flag per line (`--allow-tool shell(git push)` or
 * `--allow-tool=shell(git push)`); the value is the rest of the line, spaces included, quotes
 * around it optional; `#` starts a comment line.
 * @example flagsFileWords('--allow-tool shell(git push)\n').map((w) => w.value) // ['--allow-tool', 'shell(git push)']
 */
export function flagsFileWords(text: string): Word[] {
  const out: Word[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    const start = at;
    at += line.length + 1;
    const lead = line.length - line.trimStart().length;
    const body = line.trim();
    if (!body || body.startsWith('#')) continue;
    const cut = body.search(/[=\s]/);
    const name = cut < 0 ? body : body.slice(0, cut);
    out.push({ value: name, start: start + lead, end: start + lead + name.length });
    if (cut < 0) continue;
    let rest = body.slice(cut + 1);
    let offset = start + lead + cut + 1 + (rest.length - rest.trimStart().length);
    rest = rest.trim();
    if (rest.length >= 2 && (rest[0] === '"' || rest[0] === "'") && rest.endsWith(rest[0])) {
      rest = rest.slice(1, -1);
      offset++;
    }
    if (rest) out.push({ value: rest, start: offset, end: offset + rest.length });
  }
  return out;
}
