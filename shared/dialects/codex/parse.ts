import type { FileInfo } from '../dialect';
import { finding, FILE_START, SourceText, type EvalContext, type Finding, type Range } from '../../model';
import { evaluateStarlark, type BuiltinCall, type Span, type StatementMemo, type Value } from './starlark-eval';
import { withStarlarkDocument, withStarlarkTree, type SyntaxNode } from './starlark-parser';
import { shlexSplit } from './shlex';
import { CODEX_DECISIONS, type CodexExample, type CodexNative, type CodexRule, type CodexRuleSet, type HostExecutable, type PatternToken } from './types';
import { checkExamples } from './examples';
import { readRequirementsRules } from './requirements';
import { patternLabel } from './pattern-label';

export { patternLabel } from './pattern-label';

/** `prefix_rule`'s parameters in positional order (Codex's builtin signature). */
const PREFIX_PARAMS = ['pattern', 'decision', 'match', 'not_match', 'justification'] as const;
const HOST_PARAMS = ['name', 'paths'] as const;
const NETWORK_PARAMS = ['host', 'protocol', 'decision', 'justification'] as const;
const NETWORK_PROTOCOLS = new Set(['http', 'https', 'https_connect', 'http-connect', 'socks5_tcp', 'socks5_udp']);

export interface CodexParseOptions {
  /**
   * Whether the file's previous tree and unchanged statements are reused (default true); false
   * parses and evaluates from scratch, the reference the incremental parse is held to.
   */
  reuse?: boolean;
}

/**
 * Parses a Codex `.rules` file: evaluates its Starlark on the tree-sitter Python grammar, turns
 * `prefix_rule` / `host_executable` / `network_rule` calls into rules with exact ranges, and checks
 * each call's `match` / `not_match` examples as Codex does at load.
 * @example parseCodex({ path: 'default.rules', text: 'prefix_rule(pattern=["ls"], decision="allow")' }).rules[0].label // 'ls → allow'
 */
export function parseCodex(file: FileInfo, ctx: EvalContext = {}, opts: CodexParseOptions = {}): CodexRuleSet {
  const source = new SourceText(file.text);
  const rs: CodexRuleSet = { dialect: 'codex', path: file.path, source, rules: [], findings: [], hostExecutables: new Map(), examples: [], unmodelled: [], loadErrors: 0 };
  const at = (s: Span): Range => source.range(s.start, s.end);
  const error = (message: string, range: Range, extra: Partial<Finding> = {}) => {
    rs.loadErrors++;
    rs.findings.push(finding('schema', 'error', message, range, extra));
  };
  if (/\.codexpolicy$/i.test(file.path)) {
    rs.findings.push(finding('codex-stale-policy', 'warning', 'Codex no longer reads ~/.codex/policy/*.codexpolicy files: none of these rules apply. Move them to ~/.codex/rules/*.rules as prefix_rule(...) calls', FILE_START));
    return rs;
  }
  if (isRequirementsFile(file.path)) {
    const req = readRequirementsRules(file.text);
    for (const e of req.errors) error(`${e.message} (Codex rejects this requirements file)`, e.range);
    for (const e of req.ignored) rs.findings.push(finding('schema', 'error', e.message, e.range, { data: { unknownField: true } }));
    rs.rules.push(...req.rules);
    if (!req.hasRules) rs.findings.push(finding('codex-no-rules', 'information', 'no [rules] table: this requirements file adds no exec-policy rules', FILE_START));
    return rs;
  }
  const read = (root: SyntaxNode, statements?: StatementMemo) => {
    if (root.hasError) {
      for (const n of syntaxErrors(root)) error(n.isMissing ? `syntax error: missing ${n.type}` : `syntax error near "${n.text.slice(0, 40)}"`, at({ start: n.startIndex, end: n.endIndex }), { data: { syntax: true } });
      return null;
    }
    return evaluateStarlark(root, statements && { text: file.text, statements });
  };
  // Incremental by default: the file's previous tree and its unchanged statements are reused (per path).
  const result = opts.reuse === false ? withStarlarkTree(file.text, (root) => read(root)) : withStarlarkDocument(file.path, file.text, read);
  if (result === undefined) {
    error('the Starlark parser is not loaded yet: no rule could be read (every command falls back to prompt)', FILE_START);
    rs.unmodelled.push('parser not loaded');
    return rs;
  }
  if (result === null) {
    rs.rejectedBy = { path: file.path, line: (rs.findings[0]?.range.start.line ?? 0) + 1 };
    return rs;
  }
  const seen = new Set<string>();
  for (const issue of result.issues) {
    const key = `${issue.at.start}:${issue.at.end}:${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (issue.kind === 'error') error(`Starlark error: ${issue.message} (Codex refuses to load this file)`, at(issue.at));
    else {
      rs.unmodelled.push(issue.message);
      rs.findings.push(finding('codex-not-modelled', 'warning', `${issue.message}: rules this code may add are unknown, so RuleLens never answers better than prompt for commands no readable rule forbids`, at(issue.at)));
    }
  }
  let callIndex = 0;
  for (const call of result.calls) {
    if (call.broken) {
      error(`${call.name}: ${call.broken}`, at(call.at));
      continue;
    }
    if (call.name === 'prefix_rule') readPrefixRule(call, callIndex++);
    else if (call.name === 'host_executable') readHostExecutable(call);
    else readNetworkRule(call);
  }
  rs.ownRequests = rs.examples.map((ex) => ({
    name: `${ex.kind} example of rule ${ruleNumberOf(rs, ex.call)}: ${ex.text}`,
    request: { command: ex.command, onlyCall: ex.call, noShellSplit: true },
    expect: { decision: null, fields: { matched: ex.kind === 'match' } },
    range: ex.range,
  }));
  for (const f of checkExamples(rs)) {
    rs.loadErrors++;
    rs.findings.push(f);
  }
  if (ctx.codexRequirements) addRequirementsLayer(rs, ctx.codexRequirements);
  // Codex refuses a file that fails to load, and with it every other .rules file (see policy.ts).
  if (rs.loadErrors > 0) rs.rejectedBy = { path: file.path, line: (rs.findings.find((f) => f.severity === 'error')?.range.start.line ?? 0) + 1 };
  return rs;

  function args(call: BuiltinCall, params: readonly string[]): Map<string, Value> | undefined {
    const out = new Map<string, Value>();
    if (call.positional.length > params.length) {
      error(`${call.name} takes at most ${params.length} positional arguments`, at(call.at));
      return undefined;
    }
    call.positional.forEach((v, i) => out.set(params[i], v));
    for (const [k, { value, keyAt }] of call.keywords) {
      if (!params.includes(k)) {
        error(`Codex refuses this file: ${call.name} has no parameter \`${k}\` (it takes ${params.join(', ')})`, at(keyAt));
        return undefined;
      }
      if (out.has(k)) {
        error(`${call.name}: "${k}" given twice`, at(keyAt));
        return undefined;
      }
      out.set(k, value);
    }
    for (const v of out.values()) {
      if (v.k === 'unknown') {
        rs.unmodelled.push(v.why);
        return undefined;
      }
    }
    return out;
  }

  function str(v: Value | undefined, what: string, call: BuiltinCall, optional = false): string | null | undefined {
    if (v === undefined || (optional && v.k === 'none')) {
      if (!optional) error(`${call.name}: missing ${what}`, at(call.at));
      return optional ? null : undefined;
    }
    if (v.k !== 'str') {
      error(`${call.name}: ${what} must be a string, found ${v.k}`, at(v.at));
      return undefined;
    }
    return v.v;
  }

  function readPrefixRule(call: BuiltinCall, callNo: number): void {
    const a = args(call, PREFIX_PARAMS);
    if (!a) return;
    const patternV = a.get('pattern');
    if (!patternV) return error('prefix_rule: missing pattern', at(call.at));
    if (patternV.k !== 'list') return error(`prefix_rule: pattern must be a list, found ${patternV.k}`, at(patternV.at));
    if (patternV.items.length === 0) return error('prefix_rule: pattern cannot be empty', at(patternV.at));
    const pattern: PatternToken[] = [];
    for (const item of patternV.items) {
      if (item.k === 'str') pattern.push({ alts: [item.v], range: at(item.at) });
      else if (item.k === 'list') {
        const alts: string[] = [];
        for (const alt of item.items) {
          if (alt.k !== 'str') return error(`prefix_rule: pattern alternative must be a string (got ${alt.k})`, at(alt.at));
          alts.push(alt.v);
        }
        if (alts.length === 0) return error('prefix_rule: pattern alternatives cannot be empty', at(item.at));
        pattern.push({ alts, range: at(item.at) });
      } else return error(`prefix_rule: pattern element must be a string or list of strings (got ${item.k})`, at(item.at));
    }
    const decisionV = a.get('decision');
    let native: CodexNative = 'allow';
    const implicit = decisionV === undefined || decisionV.k === 'none';
    if (!implicit) {
      const d = str(decisionV, 'decision', call);
      if (d === undefined || d === null) return;
      if (!(d in CODEX_DECISIONS)) return error(`prefix_rule: decision must be "allow", "prompt" or "forbidden" (got "${d}")`, at(decisionV.at));
      native = d as CodexNative;
    }
    const justificationV = a.get('justification');
    const justification = str(justificationV, 'justification', call, true);
    if (justification === undefined) return;
    if (justification !== null && justification.trim() === '') return error('prefix_rule: justification cannot be empty', at(justificationV!.at));
    const examples: CodexExample[] = [];
    for (const kind of ['match', 'not_match'] as const) {
      const v = a.get(kind);
      if (v === undefined || v.k === 'none') continue;
      if (v.k !== 'list') return error(`prefix_rule: ${kind} must be a list of examples`, at(v.at));
      for (const ex of v.items) {
        const command = readExample(ex, kind);
        if (!command) return;
        examples.push({ call: callNo, kind, command, text: ex.k === 'str' ? ex.v : JSON.stringify(command), range: at(ex.at) });
      }
    }
    const first = pattern[0];
    for (const head of first.alts) {
      const rulePattern = [{ alts: [head], range: first.range }, ...pattern.slice(1)];
      const index = rs.rules.length;
      const rule: CodexRule = {
        index,
        id: null,
        decision: CODEX_DECISIONS[native],
        native,
        label: `${patternLabel(rulePattern)} → ${native}${implicit ? ' (implicit)' : ''}`,
        range: at(call.at),
        program: head,
        pattern: rulePattern,
        implicitDecision: implicit,
        justification,
        call: callNo,
        patternRange: at(patternV.at),
      };
      rs.rules.push(rule);
    }
    rs.examples.push(...examples);
  }

  function readExample(v: Value, kind: string): string[] | undefined {
    if (v.k === 'str') {
      const words = shlexSplit(v.v);
      if (!words) return void error(`prefix_rule: ${kind} example has invalid shell syntax`, at(v.at));
      if (words.length === 0) return void error(`prefix_rule: ${kind} example cannot be an empty string`, at(v.at));
      return words;
    }
    if (v.k === 'list') {
      const words: string[] = [];
      for (const w of v.items) {
        if (w.k !== 'str') return void error(`prefix_rule: ${kind} example tokens must be strings (got ${w.k})`, at(w.at));
        words.push(w.v);
      }
      if (words.length === 0) return void error(`prefix_rule: ${kind} example cannot be an empty list`, at(v.at));
      return words;
    }
    return void error(`prefix_rule: ${kind} example must be a string or list of strings (got ${v.k})`, at(v.at));
  }

  function readHostExecutable(call: BuiltinCall): void {
    const a = args(call, HOST_PARAMS);
    if (!a) return;
    const name = str(a.get('name'), 'name', call);
    if (name === undefined || name === null) return;
    if (name === '' || name.includes('/') || name === '.' || name === '..') return error(`host_executable: name must be a bare executable name (got "${name}")`, at(a.get('name')!.at));
    const pathsV = a.get('paths');
    if (!pathsV) return error('host_executable: missing paths', at(call.at));
    if (pathsV.k !== 'list') return error('host_executable: paths must be a list', at(pathsV.at));
    const paths: string[] = [];
    for (const p of pathsV.items) {
      if (p.k !== 'str') return error(`host_executable paths must be strings (got ${p.k})`, at(p.at));
      if (!p.v.startsWith('/') && !p.v.startsWith('~/')) return error(`host_executable paths must be absolute (got ${p.v})`, at(p.at));
      const base = p.v.slice(p.v.lastIndexOf('/') + 1);
      if (base !== name) return error(`host_executable path \`${p.v}\` must have basename \`${name}\``, at(p.at));
      if (!paths.includes(p.v)) paths.push(p.v);
    }
    const def: HostExecutable = { name, paths, range: at(call.at) };
    rs.hostExecutables.set(name, def);
  }

  function readNetworkRule(call: BuiltinCall): void {
    const a = args(call, NETWORK_PARAMS);
    if (!a) return;
    const host = str(a.get('host'), 'host', call);
    const protocol = str(a.get('protocol'), 'protocol', call);
    const decision = str(a.get('decision'), 'decision', call);
    if (host == null || protocol == null || decision == null) return;
    if (!NETWORK_PROTOCOLS.has(protocol)) return error(`network_rule protocol must be one of http, https, socks5_tcp, socks5_udp (got ${protocol})`, at(a.get('protocol')!.at));
    if (!['allow', 'prompt', 'forbidden', 'deny'].includes(decision)) return error(`network_rule: decision must be allow, prompt, forbidden or deny (got "${decision}")`, at(a.get('decision')!.at));
    if (host.trim() === '' || host.includes('://') || host.includes('/') || host.includes('?') || host.includes('#') || host.includes('*')) {
      return error('network_rule host must be a specific hostname or IP literal (no scheme, path or wildcard)', at(a.get('host')!.at));
    }
  }
}

/** The 1-based number of the first rule a call produced (as the editor lists rules). */
function ruleNumberOf(rs: CodexRuleSet, call: number): number {
  return (rs.rules.find((r) => r.call === call)?.index ?? 0) + 1;
}

function syntaxErrors(root: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [root];
  while (stack.length && out.length < 20) {
    const n = stack.pop()!;
    if (n.type === 'ERROR' || n.isMissing) {
      out.push(n);
      continue;
    }
    if (!n.hasError) continue;
    for (let i = n.childCount - 1; i >= 0; i--) {
      const c = n.child(i);
      if (c) stack.push(c);
    }
  }
  return out.length ? out : [root];
}

/** `requirements.toml` (managed: `/etc/codex/requirements.toml`, or named with `--codex-requirements`). */
export function isRequirementsFile(filePath: string): boolean {
  return /(?:^|[\\/])requirements\.toml$/i.test(filePath);
}

/**
 * Joins an admin's requirements rules to a `.rules` file: Codex merges them into one policy and the
 * strictest match wins, so they can only tighten. A requirements file Codex rejects keeps Codex from
 * starting; RuleLens then reports no decision better than prompt, and says why.
 */
function addRequirementsLayer(rs: CodexRuleSet, file: { path: string; text: string }): void {
  const layer = `requirements, ${file.path}`;
  const req = readRequirementsRules(file.text, { firstIndex: rs.rules.length, layer });
  rs.rules.push(...req.rules);
  if (req.errors.length) {
    rs.unmodelled.push(`${file.path} is rejected by Codex: ${req.errors[0].message}`);
    rs.findings.push(finding('codex-requirements-invalid', 'error', `the requirements file ${file.path} is invalid (${req.errors[0].message}${req.errors.length > 1 ? `, +${req.errors.length - 1} more` : ''}): Codex does not start with it; decisions here are at most prompt until it is fixed`, FILE_START));
  }
}
