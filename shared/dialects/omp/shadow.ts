import type { NFA } from 'refa';
import { finding, type Finding } from '../../model';
import { difference, newBudget, patternNfa, plainNfa, witnessOf } from './automata';
import { selectRule } from './decide';
import type { OmpRule, OmpRuleSet } from './rules';

/** Denies analysed per file; past this the remaining ones are skipped, never guessed about. */
export const MAX_ANALYSED_DENIES = 200;
/** Wall-clock budget for one file's analysis; when spent, the remaining denies get no claims. */
export const ANALYSIS_TIME_BUDGET_MS = 1500;

/** The literal text before the first star and after the last one. */
function ends(r: OmpRule): [string, string] {
  const atoms = r.pattern.alts[0] ?? [];
  const head = atoms[0]?.t === 'lit' ? atoms[0].s : '';
  const last = atoms[atoms.length - 1];
  const tail = atoms.length > 1 && last?.t === 'lit' ? last.s : atoms.length === 1 ? head : '';
  return [head, tail];
}

/** False when two patterns cannot share a string: their fixed heads or tails disagree. */
function mayOverlap(a: OmpRule, b: OmpRule): boolean {
  const [ha, ta] = ends(a);
  const [hb, tb] = ends(b);
  return (ha.startsWith(hb) || hb.startsWith(ha)) && (ta.endsWith(tb) || tb.endsWith(ta));
}

const cite = (r: OmpRule) => ({ range: r.range, message: `rule ${r.index + 1}: ${r.label}` });

/**
 * Denies that ordering makes useless, proven on the pattern automata and re-checked by the real
 * selection on the witness:
 * - `dead-rule`: earlier deny/prompt rules match every string this deny matches, so it is never
 *   selected (they match the same whole command or segment first);
 * - `shadowed-deny`: every plain command (no quotes, escapes or shell control) it matches is
 *   taken first by an earlier allow; it can still decide compound or quoted command lines.
 * @example shadowFindings(parseOmp(file)).map((f) => f.code) // ['shadowed-deny']
 */
export function shadowFindings(rs: OmpRuleSet): Finding[] {
  const out: Finding[] = [];
  const denies = rs.rules.filter((r) => r.native === 'deny' && r.index > 0).slice(0, MAX_ANALYSED_DENIES);
  if (!denies.length) return out;
  const budget = newBudget();
  const nfas = new Map<number, NFA>();
  const nfa = (r: OmpRule): NFA => {
    let n = nfas.get(r.index);
    if (!n) nfas.set(r.index, (n = patternNfa(r.pattern, budget)));
    return n;
  };
  let plain: NFA | undefined;
  const deadline = Date.now() + ANALYSIS_TIME_BUDGET_MS;
  for (const d of denies) {
    if (Date.now() > deadline) break;
    try {
      // Rules that cannot share a string with the deny cannot cover any of it.
      const earlier = rs.rules.slice(0, d.index).filter((r) => mayOverlap(r, d));
      const strict = earlier.filter((r) => r.native !== 'allow');
      if (strict.length && difference(nfa(d), null, strict.map(nfa), budget).isEmpty) {
        out.push(finding('dead-rule', 'information', `this deny is never selected: earlier rule${strict.length === 1 ? '' : 's'} ${strict.map((r) => r.index + 1).join(', ')} match every command or segment it matches, first`, d.range, {
          related: strict.map(cite),
          unnecessary: true,
          data: { rule: d.index },
        }));
        continue;
      }
      const allows = earlier.filter((r) => r.native === 'allow');
      if (!allows.length) continue;
      plain ??= plainNfa(budget);
      const mine = difference(nfa(d), plain, [], budget);
      if (mine.isEmpty || !difference(mine, null, earlier.map(nfa), budget).isEmpty) continue;
      // Some plain command this deny matches that no earlier deny/prompt takes: an allow takes it.
      const witness = witnessOf(difference(mine, null, strict.map(nfa), budget));
      if (witness === undefined) continue;
      const sel = selectRule(rs.rules, witness).selected;
      if (!sel || sel.native !== 'allow') continue;
      const covering = allows.filter((a) => !difference(mine, nfa(a), [], budget).isEmpty);
      const compound = `true && ${witness}`;
      const stillDenies = selectRule(rs.rules, compound).selected?.index === d.index;
      out.push(finding('shadowed-deny', 'warning', `every plain command this deny matches is allowed first by ${covering.map((a) => `rule ${a.index + 1} (\`${a.match}\`)`).join(', ')} — e.g. \`${witness}\` is allowed by rule ${sel.index + 1}. Move the deny above the allow.${stillDenies ? ` It still decides compound lines such as \`${compound}\`, where allows cannot apply.` : ''}`, d.range, {
        related: covering.map(cite),
        witness,
        data: { rule: d.index, covering: covering.map((a) => a.index) },
      }));
    } catch {
      // Over the automaton budget: say nothing more rather than claim something unproven.
      break;
    }
  }
  return out;
}
