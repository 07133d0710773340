import { ruleSource, type Rule, type RuleSet, type RuleSource, type Trace, type TraceRow, type TraceSection, type Verdict } from '../model';

/** The rule a trace row or rule reference stands for: the rule set's rule at that index. */
function ruleAt(rs: Pick<RuleSet, 'rules'>, index: number): Rule | undefined {
  const direct = rs.rules[index];
  return direct && direct.index === index ? direct : rs.rules.find((r) => r.index === index);
}

/**
 * Where the rule of a row is written: the row's own source (a guard row), else the rule set's rule.
 * @example rowSource(rs, row) // { file: '/p/.claude/settings.local.json', line: 4, layer: 'local settings' }
 */
export function rowSource(rs: Pick<RuleSet, 'rules' | 'path' | 'layerName'>, row: TraceRow): RuleSource | undefined {
  if (row.source) return row.source;
  const r = ruleAt(rs, row.rule);
  return r ? ruleSource(rs, r) : undefined;
}

/**
 * The verdict with every trace row and its deciding rule naming file, line and layer. Rows are
 * annotated when they are read, so a verdict nobody looks at costs nothing more; the original
 * verdict is not changed.
 * @example withSources(verdict, rs).trace.sections[0].rows[0].source?.layer // 'local settings'
 */
export function withSources<V extends Verdict>(v: V, rs: Pick<RuleSet, 'rules' | 'path' | 'layerName'>): V {
  const rule = v.rule ? { ...v.rule, source: v.rule.source ?? sourceOf(rs, v.rule.index) } : null;
  const sections = (): TraceSection[] =>
    v.trace.sections.map((s) => {
      let rows: TraceRow[] | undefined;
      return {
        ...omitRows(s),
        get rows() {
          return (rows ??= s.rows.map((r) => {
            const src = rowSource(rs, r);
            return src ? { ...r, source: src } : r;
          }));
        },
      };
    });
  let cached: TraceSection[] | undefined;
  const base = v.trace;
  const trace: Trace = {
    dialect: base.dialect,
    branch: base.branch,
    notes: base.notes,
    get sections() {
      return (cached ??= sections());
    },
  };
  // Keep the verdict's own (possibly lazy) fields; only the trace and the rule reference change.
  const out = Object.create(Object.getPrototypeOf(v) as object, Object.getOwnPropertyDescriptors(v)) as V;
  Object.defineProperty(out, 'trace', { value: trace, enumerable: true, configurable: true, writable: true });
  Object.defineProperty(out, 'rule', { value: rule, enumerable: true, configurable: true, writable: true });
  return out;
}

function sourceOf(rs: Pick<RuleSet, 'rules' | 'path' | 'layerName'>, index: number): RuleSource | undefined {
  const r = ruleAt(rs, index);
  return r ? ruleSource(rs, r) : undefined;
}

/** A section's fields without `rows` (read through its getter only when someone asks). */
function omitRows(s: TraceSection): Omit<TraceSection, 'rows'> {
  return { kind: s.kind, subject: s.subject, columns: s.columns, controlling: s.controlling, decision: s.decision, branch: s.branch };
}

/**
 * `file:line (layer)` for people; `layer` alone for a built-in rule.
 * @example sourceText({ file: '/p/.claude/settings.json', line: 3, layer: 'project settings' }, '/p') // '.claude/settings.json:3 (project settings)'
 */
export function sourceText(s: RuleSource, relativeTo?: string): string {
  if (s.file === null) return s.layer;
  const file = relativeTo && s.file.startsWith(`${relativeTo.replace(/\/$/, '')}/`) ? s.file.slice(relativeTo.replace(/\/$/, '').length + 1) : s.file;
  return `${file}:${s.line} (${s.layer})`;
}
