import type { NFA } from 'refa';
import { BudgetExceeded, Deadline } from '../../analysis/budget';
import { budgetFinding } from '../../analysis/report';
import { finding, type Finding } from '../../model';
import { uncovered } from '../../patterns/uncovered';
import { difference, newBudget, normalizedNfa, patternNfa, plainNfa, witnessOf } from './automata';
import { selectRule } from './decide';
import type { OmpRule, OmpRuleSet } from './rules';

/** Rules analysed per file; past this the remaining ones are skipped, never guessed about. */
export const MAX_ANALYSED_RULES = 200;

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
 * Rules that ordering makes useless, proven on the pattern automata and re-checked by the real
 * selection on the witness:
 * - `dead-rule`: a deny or prompt whose strings earlier deny/prompt rules all match (they match the
 *   same whole command or segment first), or an allow whose strings — as far as a normalized
 *   command can be one — earlier rules all match (any of them applies whenever the allow would);
 *   such a rule is never selected;
 * - `shadowed-deny`: a deny no plain command (no quotes, escapes or shell control) reaches — earlier
 *   rules take every one it matches, and an allow takes at least one; it can still decide compound
 *   or quoted command lines.
 * @example shadowFindings(parseOmp(file)).map((f) => f.code) // ['shadowed-deny']
 */
export function shadowFindings(rs: OmpRuleSet, deadline: Deadline = new Deadline()): Finding[] {
  const out: Finding[] = [];
  // Rules the analysis could not finish (the file's budget, or the automaton budget): one
  // `analysis-budget` finding names them, and no claim is made about them.
  const unanalysed: OmpRule[] = [];
  let why = '';
  const candidates = rs.rules.filter((r) => r.index > 0).slice(0, MAX_ANALYSED_RULES);
  if (!candidates.length) return out;
  const budget = newBudget();
  const nfas = new Map<number, NFA>();
  const nfa = (r: OmpRule): NFA => {
    let n = nfas.get(r.index);
    if (!n) nfas.set(r.index, (n = patternNfa(r.pattern, budget)));
    return n;
  };
  let plain: NFA | undefined;
  let normalized: NFA | undefined;
  for (const d of candidates) {
    if (deadline.expired) {
      why ||= deadline.describe();
      unanalysed.push(d);
      continue;
    }
    try {
      // Rules that cannot share a string with this one cannot cover any of it.
      const earlier = rs.rules.slice(0, d.index).filter((r) => mayOverlap(r, d));
      const strict = earlier.filter((r) => r.native !== 'allow');
      if (d.native === 'allow') {
        normalized ??= normalizedNfa(budget);
        if (earlier.length && difference(nfa(d), normalized, earlier.map(nfa), budget).isEmpty) {
          out.push(finding('dead-rule', 'information', `this allow is never selected: earlier rule${earlier.length === 1 ? '' : 's'} ${earlier.map((r) => r.index + 1).join(', ')} match every command it matches, first`, d.range, {
            related: earlier.map(cite),
            unnecessary: true,
            data: { rule: d.index },
          }));
        }
        continue;
      }
      // Whether the earlier deny/prompt rules cover this one is a question on the patterns alone:
      // answered on them (linear in a pattern's stars), the automata only when that search gives up.
      const onPatterns = strict.length ? uncovered(d.pattern, strict.map((r) => r.pattern)) : undefined;
      if (strict.length && (onPatterns === undefined ? difference(nfa(d), null, strict.map(nfa), budget).isEmpty : onPatterns === null)) {
        out.push(finding('dead-rule', 'information', `this ${d.native} is never selected: earlier rule${strict.length === 1 ? '' : 's'} ${strict.map((r) => r.index + 1).join(', ')} match every command or segment it matches, first`, d.range, {
          related: strict.map(cite),
          unnecessary: true,
          data: { rule: d.index },
        }));
        continue;
      }
      if (d.native !== 'deny') continue;
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
      // A plain command goes to the first rule whose pattern matches it.
      const first = (r: OmpRule) => !difference(mine, nfa(r), earlier.filter((e) => e.index < r.index).map(nfa), budget).isEmpty;
      const covering = allows.filter(first);
      const pre = strict.filter(first);
      const compound = `true && ${witness}`;
      const stillDenies = selectRule(rs.rules, compound).selected?.index === d.index;
      const by = covering.map((a) => `rule ${a.index + 1} (\`${a.match}\`)`).join(', ');
      const lead = pre.length
        ? `no plain command reaches this deny: earlier rules take every one it matches — allowed by ${by}, the others decided by ${pre.map((r) => `rule ${r.index + 1} (${r.native})`).join(', ')}`
        : `every plain command this deny matches is allowed first by ${by}`;
      out.push(finding('shadowed-deny', 'warning', `${lead} — e.g. \`${witness}\` is allowed by rule ${sel.index + 1}. Move the deny above the allow.${stillDenies ? ` It still decides compound lines such as \`${compound}\`, where allows cannot apply.` : ''}`, d.range, {
        related: covering.map(cite),
        witness,
        data: { rule: d.index, covering: covering.map((a) => a.index) },
      }));
    } catch (e) {
      // Over the automaton budget: say nothing more about this rule rather than claim something unproven.
      why ||= e instanceof BudgetExceeded ? e.message : 'automaton state limit reached';
      unanalysed.push(d);
    }
  }
  if (unanalysed.length) out.push(budgetFinding(unanalysed[0], unanalysed.length, why));
  return out;
}
