import { compileArgsPattern, type ArgsPattern } from './args-pattern';
import type { FileInfo } from '../dialect';
import { finding, FILE_START, SourceText, type EvalContext, type Finding, type Range } from '../../model';
import { readToml, tomlPath, type TomlDocument } from '../../toml/tree';
import { forgetPolicyTables, readPolicyToml } from './policy-toml';
import { nearestWord } from '../../text/nearest-word';
import { formatMcpName } from './mcp';
import { unsafeRegexReason } from './regex-safety';
import { GEMINI_MODES, SHELL_TOOL, TIERS, type GeminiMode, type GeminiNative, type GeminiRule, type GeminiRuleSet, type TierName } from './types';

const DECISIONS: Record<GeminiNative, 'allow' | 'deny' | 'ask'> = { allow: 'allow', deny: 'deny', ask_user: 'ask' };
export const MAX_PRIORITY = 999;

/**
 * The tier a policy file loads in, by where it lives.
 * @example tierOf('/home/u/.gemini/policies/a.toml', { home: '/home/u' }) // 'user'
 */
export function tierOf(path: string, ctx: EvalContext = {}): TierName {
  const p = path.replace(/\\/g, '/');
  if (p.startsWith('/etc/gemini-cli/policies/') || p.includes('/Library/Application Support/GeminiCli/policies/') || /^[a-z]:\/ProgramData\/gemini-cli\/policies\//i.test(p)) return 'admin';
  if (p.includes('/.gemini/extensions/') && p.includes('/policies/')) return 'extension';
  const home = ctx.home?.replace(/\\/g, '/');
  if (home && p.startsWith(`${home}/.gemini/policies/`)) return 'user';
  if (p.includes('/.gemini/policies/') && home && !p.startsWith(`${home}/`)) return 'workspace';
  return 'user';
}

/** Escapes text for use inside a regular expression the way Gemini's `escapeRegex` does. */
function escapeRegex(text: string): string {
  let out = '';
  for (const c of text) out += '-[]{}()*+?.,\\^$|#"'.includes(c) || /\s/.test(c) ? `\\${c}` : c;
  return out;
}

/**
 * The argument pattern a `commandPrefix` compiles to: the JSON text `"command":"<prefix>` followed
 * by whitespace, a quote or an escaped quote — a word-boundary prefix over the serialized args.
 * @example prefixPattern('git log') // '"command":"git\\ log(?:[\\s"]|\\\\")'
 */
export function prefixPattern(prefix: string): string {
  const encoded = JSON.stringify(prefix);
  return `${escapeRegex(`"command":${encoded.slice(0, -1)}`)}(?:[\\s"]|\\\\")`;
}

/** The argument pattern a `commandRegex` compiles to (unanchored, after `"command":"`). */
export function regexPattern(regex: string): string {
  return `"command":"${regex}`;
}

/** A pattern's screen and compiled form: both functions of its text alone. */
interface PatternRead {
  unsafe: string | null;
  compiled?: ArgsPattern;
}

/** Files whose patterns' reads are kept for the next parse of the same file (compiling is most of a parse). */
export const MAX_KEPT_PATTERN_FILES = 4;
/** By file, oldest first: the patterns of its last parse, by their text. */
const keptPatterns = new Map<string, Map<string, PatternRead>>();

/** Forgets every kept pattern and table (tests: a parse from scratch). */
export function forgetGeminiParses(): void {
  keptPatterns.clear();
  forgetPolicyTables();
}

/** The pattern reads of the file's last parse, and a fresh table for this one (kept as the file's). */
function patternReads(key: string): { previous: Map<string, PatternRead> | undefined; next: Map<string, PatternRead> } {
  const previous = keptPatterns.get(key);
  keptPatterns.delete(key);
  const next = new Map<string, PatternRead>();
  keptPatterns.set(key, next);
  for (const k of keptPatterns.keys()) {
    if (keptPatterns.size <= MAX_KEPT_PATTERN_FILES) break;
    keptPatterns.delete(k);
  }
  return { previous, next };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface GeminiParseOptions {
  /**
   * Whether the file's last parse lends its unchanged tables and patterns (default true); false
   * reads and compiles everything, the reference the reuse is held to.
   */
  reuse?: boolean;
}

/**
 * Parses a Gemini CLI policy file (TOML `[[rule]]` tables) with exact ranges, validating as
 * Gemini's loader does: a schema error drops the whole file, a bad or unsafe regex drops its
 * rule, and the rules come back in the order the engine tries them.
 * @example parseGemini({ path: 'p.toml', text: '[[rule]]\ntoolName="*"\ndecision="deny"\npriority=1' }).rules.length // 1
 */
export function parseGemini(file: FileInfo, ctx: EvalContext = {}, opts: GeminiParseOptions = {}): GeminiRuleSet {
  const source = new SourceText(file.text);
  const tier = tierOf(file.path, ctx);
  const rs: GeminiRuleSet = { dialect: 'gemini', path: file.path, source, rules: [], findings: [], tier, ordered: [], dropped: false };
  // Table by table: the tables unchanged since the file's last read are not parsed again.
  const reuse = opts.reuse !== false;
  const doc = reuse ? readPolicyToml(file.path, file.text) : readToml(file.text);
  if (doc.error || !doc.value) {
    const at = source.range(doc.error?.offset ?? 0, (doc.error?.offset ?? 0) + 1);
    rs.findings.push(finding('schema', 'error', `TOML syntax error: ${doc.error?.message ?? 'unreadable'} — Gemini skips the whole file`, at, { data: { syntax: true } }));
    rs.dropped = true;
    return rs;
  }
  const where = (path: (string | number)[], value = false): Range => {
    const n = doc.nodes.get(tomlPath(path));
    return n ? source.range(value ? n.valueStart : n.start, value ? n.valueEnd : n.end) : FILE_START;
  };
  const schemaErrors: Finding[] = [];
  const schema = (path: (string | number)[], message: string, value = true) => schemaErrors.push(finding('schema', 'error', `${message} — Gemini rejects the whole file`, where(path, value)));
  const rulesV = doc.value.rule;
  const tables: Record<string, unknown>[] = [];
  if (rulesV !== undefined) {
    if (!Array.isArray(rulesV)) schema(['rule'], '"rule" must be an array of tables ([[rule]])');
    else rulesV.forEach((t, i) => (isRecord(t) ? tables.push(t) : schema(['rule', i], 'a rule must be a table')));
  }
  const checkers = doc.value.safety_checker;
  if (checkers !== undefined && !Array.isArray(checkers)) schema(['safety_checker'], '"safety_checker" must be an array of tables');
  tables.forEach((t, i) => validateTable(t, i, doc, schema));
  if (schemaErrors.length) {
    rs.findings.push(...schemaErrors);
    rs.dropped = true;
    return rs;
  }
  const patterns = reuse ? patternReads(file.path) : { previous: undefined, next: new Map<string, PatternRead>() };
  const readPattern = (source: string): PatternRead => {
    let read = patterns.next.get(source) ?? patterns.previous?.get(source);
    if (!read) {
      const unsafe = unsafeRegexReason(source);
      read = unsafe ? { unsafe } : { unsafe: null, compiled: compileArgsPattern(source) };
    }
    patterns.next.set(source, read);
    return read;
  };
  tables.forEach((t, i) => expand(t, i));
  tables.forEach((t, i) => rs.findings.push(...unknownFields(t, i, where)));
  rs.ordered = orderRules(rs.rules);
  if (tier === 'workspace') {
    // One note per policy folder: every file of it has the same news.
    const folder = file.path.replace(/\\/g, '/').replace(/\/[^/]*$/, '');
    rs.findings.push(finding('gemini-workspace-tier', 'information', 'These rules do not apply yet: Gemini CLI loads no workspace policies (.gemini/policies); RuleLens reads them as tier 3', FILE_START, {
      related: [{ range: FILE_START, message: 'why: @google/gemini-cli 0.61.0 ships disableWorkspacePolicies = true (packages/cli/src/config/policy.ts); pass the file with --policy, or move it to ~/.gemini/policies' }],
      data: { once: `gemini-workspace-tier ${folder}` },
    }));
  }
  return rs;

  function expand(t: Record<string, unknown>, i: number): void {
    const names = isString(t.toolName) ? [t.toolName] : (t.toolName as string[]);
    const prefix = t.commandPrefix as string | string[] | undefined;
    const regex = t.commandRegex as string | undefined;
    if (prefix !== undefined || regex !== undefined) {
      if (t.toolName !== SHELL_TOOL) rs.findings.push(finding('schema', 'error', `commandPrefix and commandRegex can only be used with toolName = "${SHELL_TOOL}" (not an array); Gemini reports this and still loads the rule`, where(['rule', i, prefix !== undefined ? 'commandPrefix' : 'commandRegex'], false)));
      if (t.argsPattern !== undefined) rs.findings.push(finding('schema', 'error', 'cannot use both commandPrefix/commandRegex and argsPattern (Gemini uses the command field and ignores argsPattern)', where(['rule', i, 'argsPattern'], false)));
      if (prefix !== undefined && regex !== undefined) rs.findings.push(finding('schema', 'error', 'cannot use both commandPrefix and commandRegex (Gemini uses commandPrefix)', where(['rule', i, 'commandRegex'], false)));
    }
    if (names.some((n) => n === '')) {
      rs.findings.push(finding('schema', 'error', 'toolName cannot be an empty string (use "*" for all tools); Gemini fails to build its policy engine with it', where(['rule', i, 'toolName'])));
      return;
    }
    // Gemini's order: commandPrefix (when truthy) wins over commandRegex (when non-empty) over argsPattern.
    let patterns: Array<{ source: string | undefined; prefix?: string; regex?: string; path: (string | number)[] }>;
    if (prefix !== undefined && prefix !== '') {
      const list = Array.isArray(prefix) ? prefix : [prefix];
      if (list.length === 0) rs.findings.push(finding('never-matches', 'warning', 'commandPrefix = [] expands to no rule at all: this table never matches anything', where(['rule', i, 'commandPrefix'])));
      patterns = list.map((p, k) => ({ source: prefixPattern(p), prefix: p, path: Array.isArray(prefix) ? ['rule', i, 'commandPrefix', k] : ['rule', i, 'commandPrefix'] }));
    } else if (regex) patterns = [{ source: regexPattern(regex), regex, path: ['rule', i, 'commandRegex'] }];
    else patterns = [{ source: t.argsPattern as string | undefined, path: ['rule', i, 'argsPattern'] }];
    const native = t.decision as GeminiNative;
    const priority = t.priority as number;
    for (const p of patterns) {
      let compiled: ArgsPattern | undefined;
      if (p.source) {
        const read = readPattern(p.source);
        const why = read.unsafe;
        if (why) {
          rs.findings.push(finding('gemini-unsafe-regex', 'error', `Gemini drops this rule: its pattern is unsafe or invalid (${why})${p.prefix === undefined ? '' : ` — pattern built from commandPrefix "${p.prefix}"`}`, where(p.path, false)));
          continue;
        }
        compiled = read.compiled;
      }
      names.forEach((name, k) => {
        const mcp = t.mcpName as string | undefined;
        const toolName = mcp ? formatMcpName(mcp, name) : name;
        const index = rs.rules.length;
        const what = p.prefix !== undefined ? ` "${p.prefix}"` : p.regex !== undefined ? ` /${p.regex}/` : t.argsPattern !== undefined ? ` args /${t.argsPattern as string}/` : '';
        rs.rules.push({
          index,
          id: null,
          decision: DECISIONS[native],
          native,
          label: `${toolName}${what} → ${native} (priority ${priority})`,
          range: where(['rule', i], false),
          table: i,
          toolName,
          mcpName: mcp,
          subagent: t.subagent as string | undefined,
          argsPattern: compiled,
          argsSource: p.source,
          commandPrefix: p.prefix,
          commandRegex: p.regex,
          priority,
          effective: TIERS[tier] + priority / 1000,
          modes: t.modes as GeminiMode[] | undefined,
          interactive: t.interactive as boolean | undefined,
          allowRedirection: (t.allowRedirection ?? t.allow_redirection) as boolean | undefined,
          toolAnnotations: t.toolAnnotations as Record<string, unknown> | undefined,
          denyMessage: (t.denyMessage ?? t.deny_message) as string | undefined,
          at: {
            toolName: where(Array.isArray(t.toolName) ? ['rule', i, 'toolName', k] : ['rule', i, 'toolName'], false),
            priority: where(['rule', i, 'priority'], false),
            decision: where(['rule', i, 'decision'], false),
            commandPrefix: p.prefix !== undefined ? where(p.path, false) : undefined,
            commandRegex: p.regex !== undefined ? where(p.path, false) : undefined,
            argsPattern: t.argsPattern !== undefined ? where(['rule', i, 'argsPattern'], false) : undefined,
            mcpName: mcp !== undefined ? where(['rule', i, 'mcpName'], false) : undefined,
          },
        });
      });
    }
  }
}

/** Validates one `[[rule]]` table against Gemini's schema (zod, unknown keys ignored). */
function validateTable(t: Record<string, unknown>, i: number, doc: TomlDocument, schema: (path: (string | number)[], message: string, value?: boolean) => void): void {
  const at = (k: string) => ['rule', i, k];
  if (t.toolName === undefined) schema(['rule', i], `rule #${i + 1}: toolName is required (a string or an array of strings; "*" for all tools)`, false);
  else if (!isString(t.toolName) && !isStringList(t.toolName)) schema(at('toolName'), 'toolName must be a string or an array of strings');
  for (const k of ['subagent', 'mcpName', 'argsPattern', 'commandRegex', 'denyMessage', 'deny_message']) if (t[k] !== undefined && !isString(t[k])) schema(at(k), `${k} must be a string`);
  if (t.commandPrefix !== undefined && !isString(t.commandPrefix) && !isStringList(t.commandPrefix)) schema(at('commandPrefix'), 'commandPrefix must be a string or an array of strings');
  if (t.decision === undefined) schema(['rule', i], `rule #${i + 1}: decision is required ("allow", "deny" or "ask_user")`, false);
  else if (!isString(t.decision) || !(t.decision in DECISIONS)) schema(at('decision'), 'decision must be "allow", "deny" or "ask_user"');
  const pr = t.priority;
  if (pr === undefined) schema(['rule', i], `rule #${i + 1}: priority is required (an integer 0–${MAX_PRIORITY})`, false);
  else if (typeof pr !== 'number') schema(at('priority'), 'priority must be a number');
  else if (!Number.isInteger(pr)) schema(at('priority'), 'priority must be an integer');
  else if (pr < 0) schema(at('priority'), 'priority must be >= 0');
  else if (pr > MAX_PRIORITY) schema(at('priority'), `priority must be <= ${MAX_PRIORITY}: priorities >= 1000 would jump to the next tier`);
  if (t.modes !== undefined && !(Array.isArray(t.modes) && t.modes.every((m) => (GEMINI_MODES as readonly unknown[]).includes(m)))) schema(at('modes'), `modes must be an array of ${GEMINI_MODES.join(', ')}`);
  for (const k of ['interactive', 'allowRedirection', 'allow_redirection']) if (t[k] !== undefined && typeof t[k] !== 'boolean') schema(at(k), `${k} must be true or false`);
  if (t.toolAnnotations !== undefined && !isRecord(t.toolAnnotations)) schema(at('toolAnnotations'), 'toolAnnotations must be a table');
  void doc;
}

/** The fields of a `[[rule]]` Gemini reads (PolicyRuleSchema in @google/gemini-cli-core 0.61.0, policy/toml-loader.js). */
export const RULE_FIELDS: readonly string[] = ['toolName', 'subagent', 'mcpName', 'argsPattern', 'commandPrefix', 'commandRegex', 'decision', 'priority', 'modes', 'interactive', 'toolAnnotations', 'allowRedirection', 'allow_redirection', 'denyMessage', 'deny_message'];

/** Fields that narrow which calls a rule matches. */
const NARROWING = ['argsPattern', 'commandPrefix', 'commandRegex', 'mcpName', 'subagent', 'modes', 'interactive', 'toolAnnotations'];

/** Most edits a misspelt field name is taken to be of a known one. */
const MAX_TYPO = 3;

/**
 * Fields Gemini does not know: its schema drops them without a word (zod's default), so the rule
 * matches as if they were not written — a `pathPattern` meant to narrow a `read_file` deny leaves
 * it denying every read. An error at the field, with the nearest known field.
 * @example unknownFields({ toolName: 'read_file', pathPattern: 'x', decision: 'deny', priority: 1 }, 0, where)[0].message // 'Gemini ignores `pathPattern`: this rule matches every call of tool "read_file" (did you mean argsPattern?)'
 */
function unknownFields(t: Record<string, unknown>, i: number, where: (path: (string | number)[], value?: boolean) => Range): Finding[] {
  const out: Finding[] = [];
  const narrowed = NARROWING.some((k) => t[k] !== undefined);
  const tool = typeof t.toolName === 'string' ? t.toolName : undefined;
  for (const k of Object.keys(t)) {
    if (RULE_FIELDS.includes(k)) continue;
    const near = nearestWord(k, RULE_FIELDS, MAX_TYPO, true);
    const hint = near !== undefined ? ` (did you mean ${near}?)` : '';
    const scope = narrowed || !tool ? 'this rule applies without it' : tool === '*' ? 'this rule matches every tool call' : `this rule matches every call of tool "${tool}"`;
    out.push(finding('schema', 'error', `Gemini ignores \`${k}\`: ${scope}${hint}`, where(['rule', i, k], false), { data: { unknownField: k, table: i } }));
  }
  return out;
}

/**
 * The order Gemini tries rules in: descending effective priority; a stable sort keeps load order
 * among equals.
 */
export function orderRules(rules: readonly GeminiRule[]): GeminiRule[] {
  return [...rules].sort((a, b) => b.effective - a.effective);
}
