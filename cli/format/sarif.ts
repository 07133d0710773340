import * as path from 'path';
import type { FileReport } from '../../shared/check/check-file';
import type { Flip } from '../../shared/diff/flips';
import { lintDocUrl, LINT_SUMMARIES } from '../../shared/docs';
import type { Finding, Range } from '../../shared/model';
import { fullMessage, suppressedOf } from './json';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const VERSION = '0.1.0';

type Level = 'error' | 'warning' | 'note';
const levelOf = (s: Finding['severity']): Level => (s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'note');

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: Level;
  message: { text: string };
  locations: unknown[];
  relatedLocations?: unknown[];
  properties?: Record<string, unknown>;
  /** SARIF's own record of a result hidden on purpose: `inSource` (a comment) or `external` (.rulelens.json). */
  suppressions?: Array<{ kind: 'inSource' | 'external'; justification?: string; location?: unknown }>;
}

/** Collects rule descriptors and results; rule ids are lint ids, help URIs their pages. */
class SarifBuilder {
  private readonly rules: Array<{ id: string }> = [];
  private readonly index = new Map<string, number>();
  readonly results: SarifResult[] = [];
  constructor(private readonly cwd: string) {}

  ruleIndex(id: string): number {
    let i = this.index.get(id);
    if (i === undefined) {
      i = this.rules.length;
      this.index.set(id, i);
      const summary = LINT_SUMMARIES[id] ?? id;
      this.rules.push({ id, name: id.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase()), shortDescription: { text: summary }, fullDescription: { text: summary }, helpUri: lintDocUrl(id), help: { text: `${summary} See ${lintDocUrl(id)}` } } as { id: string });
    }
    return i;
  }

  location(file: string, r: Range) {
    return {
      physicalLocation: {
        artifactLocation: { uri: path.relative(this.cwd, file).split(path.sep).join('/'), uriBaseId: '%SRCROOT%' },
        region: { startLine: r.start.line + 1, startColumn: r.start.character + 1, endLine: r.end.line + 1, endColumn: r.end.character + 1 },
      },
    };
  }

  add(id: string, level: Level, text: string, file: string, range: Range, extra: Partial<SarifResult> = {}): void {
    this.results.push({ ruleId: id, ruleIndex: this.ruleIndex(id), level, message: { text }, locations: [this.location(file, range)], ...extra });
  }

  log() {
    return {
      $schema: SCHEMA,
      version: '2.1.0',
      runs: [{ tool: { driver: { name: 'rulelens', version: VERSION, informationUri: 'https://github.com/rulelens/rulelens', rules: this.rules } }, results: this.results, columnKind: 'utf16CodeUnits' }],
    };
  }
}

/**
 * A SARIF 2.1.0 log of a check run: every diagnostic of rule and requests files.
 * @example toSarif(reports, process.cwd()).runs[0].results.length
 */
export function toSarif(reports: FileReport[], cwd: string) {
  const c = sarifCollector(cwd);
  for (const rep of reports) c.add(rep);
  return c.log();
}

/** A SARIF log built a file at a time. */
export interface SarifCollector {
  /** A checked file's findings (the report can be dropped after). */
  add(rep: FileReport): void;
  /** One rule file's decision flips against its base. */
  addFlips(rulePath: string, requestsPath: string | null, flips: readonly Flip[]): void;
  log(): ReturnType<SarifBuilder['log']>;
}

/**
 * A SARIF log built file by file: `check` adds each report's findings and drops the report; `ci`
 * adds the flips of each changed rule file to the same run.
 * @example const c = sarifCollector(cwd); c.add(report); c.log().runs[0].results.length
 */
export function sarifCollector(cwd: string, withSuppressed = false): SarifCollector {
  const b = new SarifBuilder(cwd);
  return { add: (rep) => addReport(b, rep, withSuppressed), addFlips: (rulePath, requestsPath, flips) => addFlips(b, rulePath, requestsPath, flips), log: () => b.log() };
}

function addReport(b: SarifBuilder, rep: FileReport, withSuppressed = false): void {
  if (withSuppressed) {
    for (const { file, s } of suppressedOf(rep)) {
      const f = s.finding;
      const suppression = s.by.kind === 'comment'
        ? { kind: 'inSource' as const, location: b.location(file, { start: { line: s.by.line, character: 0 }, end: { line: s.by.line, character: 0 } }) }
        : { kind: 'external' as const, location: b.location(s.by.file, ZERO) };
      b.add(f.code, levelOf(f.severity), f.message, file, f.range, { suppressions: [{ ...suppression, ...(s.by.reason ? { justification: s.by.reason } : {}) }] });
    }
  }
  {
    const groups: Array<[string, Finding[]]> = [[rep.path, rep.diagnostics]];
    if (rep.requestsPath) groups.push([rep.requestsPath, rep.requestDiagnostics]);
    for (const [file, findings] of groups) {
      for (const f of findings) {
        const { message, related: more } = fullMessage(f);
        const related = more.map((r, i) => ({ id: i, message: { text: r.message }, ...b.location(r.path ?? file, r.range) }));
        b.add(f.code, levelOf(f.severity), f.witness !== undefined ? `${message} (witness: ${JSON.stringify(f.witness)})` : message, file, f.range, related.length ? { relatedLocations: related } : {});
      }
    }
  }
}

const ZERO: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * A SARIF 2.1.0 log of a diff: one `decision-flip` result per flip (newly allowed as errors, newly
 * denied as warnings), located at the stored request or, for witnesses, at the deciding rule.
 */
export function flipsSarif(rulePath: string, requestsPath: string | null, flips: Flip[], cwd: string) {
  const b = new SarifBuilder(cwd);
  addFlips(b, rulePath, requestsPath, flips);
  return b.log();
}

function addFlips(b: SarifBuilder, rulePath: string, requestsPath: string | null, flips: readonly Flip[]): void {
  // Each flip once: a stored request's subject lines explain its own flip, and a witness a stored
  // request already shows is that same flip.
  const flipped = new Set(flips.filter((f) => f.kind === 'stored' && f.subject === null).map((f) => f.request));
  for (const f of flips) {
    if (f.coveredBy !== undefined) continue;
    if (f.kind === 'stored' && f.subject !== null && flipped.has(f.request)) continue;
    const text = `${f.request}${f.subject !== null && f.kind === 'stored' ? ` (${f.subject})` : ''}: ${f.before} → ${f.after}`;
    const level: Level = f.direction === 'loosened' ? 'error' : 'warning';
    if (f.kind === 'stored' && requestsPath && f.range) b.add('decision-flip', level, text, requestsPath, f.range);
    else {
      // Decided now by a rule of another file of the policy: the result is where that rule is written.
      const there = f.afterRule?.source?.file && f.afterRule.source.line !== null ? f.afterRule.source : undefined;
      const at = there ? { start: { line: there.line! - 1, character: 0 }, end: { line: there.line! - 1, character: 0 } } : f.afterRange ?? ZERO;
      b.add('decision-flip', level, text, there?.file ?? rulePath, at, { properties: { witness: f.witness ?? null } });
    }
  }
}
