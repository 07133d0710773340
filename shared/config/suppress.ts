import * as path from 'path';
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { finding, type Finding, type Range } from '../model';
import { compileGlob } from '../patterns/glob';

/** How comments are written in a file whose reader accepts them. */
export type CommentStyle = '//' | '#';

/** The directive words, ESLint's: one for the next line (a rule), one for the rest of the file. */
export const NEXT_LINE = 'rulelens-disable-next-line';
export const REST_OF_FILE = 'rulelens-disable';

/** The finding code of a directive that suppresses nothing, or names a finding that cannot be suppressed. */
export const UNUSED_SUPPRESSION = 'unused-suppression';

/**
 * Findings no suppression hides: the agent rejects or ignores the file (`schema`, `unreadable-file`),
 * a stored request fails its own expectation (`request-failed`: change the `expect` instead), or a
 * suppression itself is wrong.
 */
export const NOT_SUPPRESSIBLE: ReadonlySet<string> = new Set(['schema', 'unreadable-file', 'request-failed', UNUSED_SUPPRESSION]);

/** A `rulelens-disable…` comment in a rule or requests file. */
export interface Directive {
  kind: 'next-line' | 'rest-of-file';
  codes: string[];
  /** 0-based line of the comment. */
  line: number;
  /** The line a `next-line` directive applies to: the next line that is not only a comment. */
  target: number;
  range: Range;
  reason?: string;
}

/** A `.rulelens.json` entry: `{"file": "<glob>", "lint": "<id>", "rule"?: "<label>", "request"?: "<name>", "reason"?: "…"}`. */
export interface ConfigSuppression {
  /** Glob of the files it applies to, relative to the config's folder. */
  file: string;
  lint: string;
  /** The rule's label as findings name it (`Bash(git status) allow`); absent: every rule. */
  rule?: string;
  /** A stored request's name (a requests-file finding); absent: every request. */
  request?: string;
  reason?: string;
}

/** What hid a finding, for `check --report-suppressed` and SARIF. */
export type SuppressedBy =
  | { kind: 'comment'; line: number; directive: Directive['kind']; reason?: string }
  | { kind: 'config'; file: string; reason?: string };

export interface SuppressedFinding {
  finding: Finding;
  by: SuppressedBy;
}

/** Where a finding sits, as suppressions name it. */
export interface FindingPlace {
  /** The label of the rule the finding is about, and the line that rule starts on. */
  rule?: { label: string; line: number };
  /** The stored request the finding is in (a requests file). */
  request?: string;
}

// Matched against trimmed text: what follows the word (if anything) starts with a space.
const DIRECTIVE = /^(rulelens-disable(?:-next-line)?)(?:\s(.*))?$/;

/** The directive a comment's text holds (without its `//`, `/* *\/` or `#`), or undefined. */
function parseDirective(body: string, line: number, range: Range, commentOnly: (l: number) => boolean): Directive | undefined {
  const m = DIRECTIVE.exec(body.trim());
  if (!m) return undefined;
  // `ids -- reason`: the words before a lone `--` are lint ids, the words after it the reason.
  const words = (m[2] ?? '').split(/\s/).filter(Boolean);
  const dash = words.indexOf('--');
  const codes = (dash < 0 ? words : words.slice(0, dash)).join(',').split(',').filter(Boolean);
  const reason = dash < 0 ? undefined : words.slice(dash + 1).join(' ');
  let target = line + 1;
  while (commentOnly(target)) target++;
  return { kind: m[1] === NEXT_LINE ? 'next-line' : 'rest-of-file', codes, line, target, range, ...(reason?.trim() ? { reason: reason.trim() } : {}) };
}

/**
 * Every `rulelens-disable…` directive in a text whose comments are written `style`: JSONC comments
 * through the JSON scanner (a `//` inside a string is no comment), `#` comments on lines of their
 * own (YAML, TOML, Starlark).
 * @example readDirectives('// rulelens-disable-next-line dead-rule -- kept\n{"a": 1}', '//')[0].codes // ['dead-rule']
 */
export function readDirectives(text: string, style: CommentStyle): Directive[] {
  // Every directive's comment holds the word (see `DIRECTIVE`): a text without it has none, and
  // scanning a large file's tokens for comments costs tens of ms on every keystroke.
  if (!text.includes(REST_OF_FILE)) return [];
  const lines = text.split(/\r?\n/);
  const lineStarts: number[] = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const at = (offset: number) => ({ line: lineOf(offset), character: offset - lineStarts[lineOf(offset)] });
  const out: Directive[] = [];
  if (style === '#') {
    const commentOnly = (l: number) => l < lines.length && /^\s*#/.test(lines[l]);
    lines.forEach((l, i) => {
      const m = /^(\s*)#(.*)$/.exec(l);
      if (!m) return;
      const range = { start: { line: i, character: m[1].length }, end: { line: i, character: l.length } };
      const d = parseDirective(m[2], i, range, commentOnly);
      if (d) out.push(d);
    });
    return out;
  }
  const commentOnly = (l: number) => l < lines.length && /^\s*(?:\/\/|\/\*)/.test(lines[l]);
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind !== SyntaxKind.LineCommentTrivia && kind !== SyntaxKind.BlockCommentTrivia) continue;
    const raw = text.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength());
    const body = kind === SyntaxKind.LineCommentTrivia ? raw.slice(2) : raw.slice(2, raw.endsWith('*/') ? -2 : undefined);
    const start = at(scanner.getTokenOffset());
    const d = parseDirective(body, start.line, { start, end: at(scanner.getTokenOffset() + raw.length) }, commentOnly);
    if (d) out.push(d);
  }
  return out;
}

/**
 * Reads a `.rulelens.json` `"suppress"` list; problems are `schema` findings on the config file.
 * @example readConfigSuppressions(doc, source).entries[0].lint // 'dead-rule'
 */
export function readConfigSuppressions(items: ReadonlyArray<{ value: unknown; range: Range }>): { entries: ConfigSuppression[]; findings: Finding[] } {
  const entries: ConfigSuppression[] = [];
  const findings: Finding[] = [];
  for (const { value, range } of items) {
    const v = value as Record<string, unknown> | null;
    const text = (k: string) => {
      const s = v?.[k];
      return typeof s === 'string' && s.trim() ? s : undefined;
    };
    if (!v || typeof v !== 'object' || Array.isArray(v) || !text('file') || !text('lint')) {
      findings.push(finding('schema', 'error', 'a suppress entry is {"file": "<glob>", "lint": "<id>"} with optional "rule", "request" and "reason"', range));
      continue;
    }
    const extra = Object.keys(v).filter((k) => !['file', 'lint', 'rule', 'request', 'reason'].includes(k));
    if (extra.length) findings.push(finding('schema', 'warning', `unknown field${extra.length === 1 ? '' : 's'} in a suppress entry: ${extra.join(', ')} (ignored)`, range));
    entries.push({ file: text('file')!, lint: text('lint')!, ...(text('rule') ? { rule: text('rule') } : {}), ...(text('request') ? { request: text('request') } : {}), ...(text('reason') ? { reason: text('reason') } : {}) });
  }
  return { entries, findings };
}

/** What `suppress` needs to know about the file. */
export interface SuppressContext {
  path: string;
  directives: readonly Directive[];
  /** `.rulelens.json` entries and the folder their globs are relative to. */
  config?: { entries: readonly ConfigSuppression[]; base: string; file: string };
  place(f: Finding): FindingPlace;
}

/**
 * Splits findings into the ones shown and the ones a directive or a config entry hides, and adds
 * an `unused-suppression` finding for each directive that hid nothing or named a finding that
 * cannot be hidden. A finding in `NOT_SUPPRESSIBLE` is always shown.
 * @example suppress(findings, ctx).suppressed[0].by.kind // 'comment'
 */
export function suppress(findings: readonly Finding[], ctx: SuppressContext): { kept: Finding[]; suppressed: SuppressedFinding[] } {
  const used = new Map<Directive, Set<string>>();
  const entries = ctx.config?.entries.filter((e) => matchesFile(e.file, ctx.config!.base, ctx.path)) ?? [];
  const kept: Finding[] = [];
  const suppressed: SuppressedFinding[] = [];
  for (const f of findings) {
    if (NOT_SUPPRESSIBLE.has(f.code)) {
      kept.push(f);
      continue;
    }
    const place = ctx.place(f);
    const line = f.range.start.line;
    const d = ctx.directives.find((x) => x.codes.includes(f.code) && (x.kind === 'rest-of-file' ? line >= x.line : x.target === line || x.target === place.rule?.line));
    if (d) {
      used.set(d, (used.get(d) ?? new Set()).add(f.code));
      suppressed.push({ finding: f, by: { kind: 'comment', line: d.line, directive: d.kind, ...(d.reason ? { reason: d.reason } : {}) } });
      continue;
    }
    const e = entries.find((x) => x.lint === f.code && (x.rule === undefined || x.rule === place.rule?.label) && (x.request === undefined || x.request === place.request));
    if (e) {
      suppressed.push({ finding: f, by: { kind: 'config', file: ctx.config!.file, ...(e.reason ? { reason: e.reason } : {}) } });
      continue;
    }
    kept.push(f);
  }
  for (const d of ctx.directives) {
    const idle = d.codes.filter((c) => !used.get(d)?.has(c));
    if (d.codes.length && !idle.length) continue;
    const word = d.kind === 'next-line' ? NEXT_LINE : REST_OF_FILE;
    const fixed = idle.filter((c) => NOT_SUPPRESSIBLE.has(c));
    const message = !d.codes.length
      ? `${word} names no finding: write the lint id after it`
      : fixed.length
        ? `${fixed.join(', ')} cannot be suppressed: ${fixed.includes('request-failed') ? 'change the expect, or the rules' : 'the agent cannot use the file as it is'}`
        : `this suppression hides nothing: no ${idle.join(', ')} finding ${d.kind === 'next-line' ? `on line ${d.target + 1}` : 'below it'}`;
    kept.push(finding(UNUSED_SUPPRESSION, 'information', message, d.range, { unnecessary: true, data: { codes: idle, line: d.line } }));
  }
  return { kept, suppressed };
}

/**
 * Whether a config entry's glob names this file (relative to the config's folder; a bare name
 * matches at any depth, as picomatch's `basename` option reads it: the whole path, else its last
 * part). A glob the matcher leaves undecided suppresses nothing: the finding stays shown.
 */
function matchesFile(glob: string, base: string, file: string): boolean {
  const rel = path.relative(base || '.', file).replace(/\\/g, '/');
  const m = compileGlob(glob, { dot: true });
  if (m.test(rel) === true) return true;
  return !glob.includes('/') && m.test(path.posix.basename(rel)) === true;
}
