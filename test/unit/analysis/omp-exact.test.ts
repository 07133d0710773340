import * as assert from 'assert';
import fc from 'fast-check';
import { JS, NFA } from 'refa';
import { evaluateOmp, lintOmp, parseOmp } from '../../../shared/dialects/omp';
import { normalizeWhitespace } from '../../../shared/dialects/omp/pattern';
import { scanSegments } from '../../../shared/dialects/omp/segments';
import { shellControl } from '../../../shared/dialects/omp/shell-control';
import type { OmpRuleSet } from '../../../shared/dialects/omp';
import { minus, someWord, strings } from '../../helpers/brute-force';
import { propertyRuns } from '../../helpers/runs';

/*
 * The omp lint's promises, checked both ways against the real evaluator:
 *
 * - `dead-rule` on rule r ⟺ r's language is covered by the languages of the rules that can pre-empt
 *   it: for a deny or prompt, the earlier deny/prompt rules (they match the same whole command or
 *   segment first); for an allow, every earlier rule, on the strings a normalized command can be.
 *   Covered ⟹ r is never selected (brute force never sees it, and the coverage is a proof);
 *   not covered ⟹ some command selects r (brute force finds one, or the automata give a longer
 *   string from which a selecting command is built and confirmed by the evaluator).
 * - `shadowed-deny` on deny d ⟺ d is not dead, d matches some plain command (single-spaced words
 *   without quotes, escapes or shell control), d selects none of them, and an earlier allow selects
 *   at least one. A deny stays able to decide compound lines, so "dead" would be false for it; this
 *   is the narrower property, and it is exact on plain commands.
 *
 * Patterns are words over {a, b, ' '} with `*`. Every other character behaves alike in every
 * pattern, so `c` stands for all of them in commands, and `;`, newline and `'` stand for the
 * separators, control and quoting the scanner treats specially.
 *
 * Bound: patterns of at most 4 units, commands of at most 5. A bounded search cannot prove a rule
 * dead, so every claim is also proved on automata built here; and a rule the search never sees
 * selected but the lint leaves unreported must have a longer string outside the coverage, from
 * which a command is built and confirmed through the evaluator (a plain string `w` is selected as
 * `w` for an allow and as `w` plus a newline — control, so no allow applies — for a deny/prompt).
 */

const PATTERN_UNITS = ['a', 'b', ' ', '*'];
const COMMAND_UNITS = ['a', 'b', 'c', ' ', ';', '\n', "'"];
const MAX_COMMAND_LEN = 5;


/**
 * Selection reads a command only through its normalized text, its segment texts and whether it has
 * shell control (and the critical heuristics, which nothing over this alphabet triggers), so one
 * command per distinct reading exercises everything the enumeration can.
 */
function distinctCommands(): string[] {
  const seen = new Map<string, string>();
  for (const c of strings(COMMAND_UNITS, MAX_COMMAND_LEN)) {
    const key = JSON.stringify([normalizeWhitespace(c), [...new Set(scanSegments(c).map((s) => s.text))].sort(), shellControl(c) !== null]);
    if (!seen.has(key)) seen.set(key, c);
  }
  return [...seen.values()];
}
const COMMANDS = distinctCommands();

const PLAIN_WORD = "[^\\s'\"\\\\;&|<>`$()]+";
const PLAIN = new RegExp(`^${PLAIN_WORD}(?: ${PLAIN_WORD})*$`);
/** Single-spaced words without quotes, escapes or control: whole command and only segment coincide. */
const isPlain = (c: string) => PLAIN.test(c);

// Automata built here from the match text, independently of the dialect's own construction.
const MAX_CHAR = 0xffff;
function nfaOf(source: string): NFA {
  const { expression } = JS.Parser.fromLiteral({ source, flags: '' }).parse();
  return NFA.fromRegex(expression, { maxCharacter: MAX_CHAR });
}
const escape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
const language = (match: string) => nfaOf(normalizeWhitespace(match).split('*').map(escape).join('[^]*'));
/** What a normalized command can be: empty, or non-blank words joined by single spaces. */
const NORMALIZED = nfaOf('(?:[^\\s]+(?: [^\\s]+)*)?');
const PLAIN_LANGUAGE = nfaOf(`${PLAIN_WORD}(?: ${PLAIN_WORD})*`);

/** `a ∩ within` minus every language of `minus`. */

/** `c` first: it keeps a string free of quotes, control and odd whitespace where the language allows. */
const PREFERRED = 'cab ';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

interface Truth {
  /** Per rule: a command it is selected for within the bound. */
  decides: Array<string | undefined>;
  /** Per rule: a plain command it is selected for. */
  decidesPlain: Array<string | undefined>;
  /** Per rule: a plain command it matches that an allow is selected for. */
  plainTakenByAllow: Array<string | undefined>;
  /** Per rule: a plain command it matches that a deny or prompt is selected for. */
  plainTakenByStrict: Array<string | undefined>;
}

function selected(rs: OmpRuleSet, command: string): number | null {
  const v = evaluateOmp(rs, { command, mode: 'yolo' });
  const c = v.trace.sections[0].controlling;
  // No critical command exists over this alphabet, so the selected rule's policy is the outcome.
  assert.strictEqual(v.rule?.index ?? null, c, `verdict and trace disagree on ${JSON.stringify(command)}`);
  return c;
}

function bruteForce(rs: OmpRuleSet): Truth {
  const res = rs.rules.map((r) => matcherOf(r.match));
  const none = () => rs.rules.map((): string | undefined => undefined);
  const t: Truth = { decides: none(), decidesPlain: none(), plainTakenByAllow: none(), plainTakenByStrict: none() };
  for (const command of COMMANDS) {
    const c = selected(rs, command);
    if (c === null) continue;
    t.decides[c] ??= command;
    if (!isPlain(command)) continue;
    t.decidesPlain[c] ??= command;
    const into = rs.rules[c].native === 'allow' ? t.plainTakenByAllow : t.plainTakenByStrict;
    rs.rules.forEach((_, i) => {
      if (i > c && res[i].test(command)) into[i] ??= command;
    });
  }
  return t;
}

/** The pattern as a regular expression: `*` is any run, everything else literal, anchored. */
function matcherOf(match: string): RegExp {
  return new RegExp(`^${normalizeWhitespace(match).split('*').map(escape).join('[^]*')}$`);
}

const ruleSet = fc
  .array(
    fc.tuple(
      fc.array(fc.constantFrom(...PATTERN_UNITS), { minLength: 1, maxLength: 4 }).map((xs) => xs.join('')).filter((m) => m.trim() !== ''),
      fc.constantFrom('allow', 'deny', 'prompt'),
    ),
    { minLength: 1, maxLength: 6 },
  );
const parse = (pairs: Array<[string, string]>) => parseOmp({ path: 'settings.json', text: JSON.stringify({ bash: { patterns: pairs.map(([match, approval]) => ({ match, approval })) } }) });

/** A command that selects rule i, built from a string only it (among rules that pre-empt it) matches. */
function liveWitness(rs: OmpRuleSet, i: number, w: string): string | undefined {
  const candidates = rs.rules[i].native === 'allow' ? [w] : [`${w}\n`, `${quote(w)}\n`, `(${quote(w)})`, w, quote(w)];
  return candidates.find((c) => selected(rs, c) === i);
}

describe('analysis: omp lint claims agree with brute force over the real evaluator', () => {
  it(`enumerates ${COMMANDS.length} distinct commands`, () => {
    assert.ok(COMMANDS.length > 500);
  });

  it('dead-rule and shadowed-deny are exact both ways', function () {
    let beyondBound = 0;
    fc.assert(
      fc.property(ruleSet, (pairs) => {
        const rs = parse(pairs);
        assert.strictEqual(rs.rules.length, pairs.length);
        const findings = lintOmp(rs);
        const truth = bruteForce(rs);
        const dead = new Set(findings.filter((f) => f.code === 'dead-rule').map((f) => f.data!.rule as number));
        const shadowed = new Map(findings.filter((f) => f.code === 'shadowed-deny').map((f) => [f.data!.rule as number, f]));
        const langs = rs.rules.map((r) => language(r.match));
        rs.rules.forEach((r, i) => {
          const label = `rule ${i + 1} (${r.label}) in ${JSON.stringify(rs.rules.map((x) => x.label))}`;
          const earlier = langs.slice(0, i);
          const strict = langs.slice(0, i).filter((_, j) => rs.rules[j].native !== 'allow');
          const uncovered = r.native === 'allow' ? minus(langs[i], NORMALIZED, earlier) : minus(langs[i], null, strict);
          const covered = uncovered.isEmpty;
          assert.strictEqual(dead.has(i), covered, `${label}: dead-rule reported ${dead.has(i)}, language covered ${covered}`);
          if (covered) {
            assert.strictEqual(truth.decides[i], undefined, `${label} claimed dead but is selected for ${JSON.stringify(truth.decides[i])}`);
          } else if (truth.decides[i] === undefined) {
            const w = someWord(uncovered, PREFERRED)!;
            const c = liveWitness(rs, i, w);
            assert.ok(c !== undefined, `${label}: not selected within the bound, and no command built from ${JSON.stringify(w)} selects it`);
            assert.ok(c.length > MAX_COMMAND_LEN, `${label}: ${JSON.stringify(c)} lies within the bound`);
            beyondBound++;
          }

          if (r.native !== 'deny') {
            assert.ok(!shadowed.has(i), `${label}: shadowed-deny on a ${r.native}`);
            return;
          }
          const plain = minus(langs[i], PLAIN_LANGUAGE, []);
          const plainUndecided = minus(plain, null, earlier).isEmpty;
          const plainOutsideStrict = minus(plain, null, strict);
          const promised = !covered && !plain.isEmpty && plainUndecided && !plainOutsideStrict.isEmpty;
          assert.strictEqual(shadowed.has(i), promised, `${label}: shadowed-deny reported ${shadowed.has(i)}, promised ${promised}`);
          if (plainUndecided) assert.strictEqual(truth.decidesPlain[i], undefined, `${label} decides plain ${JSON.stringify(truth.decidesPlain[i])}`);
          else if (truth.decidesPlain[i] === undefined) {
            const w = someWord(minus(plain, null, earlier), PREFERRED)!;
            assert.strictEqual(selected(rs, w), i, `${label}: plain ${JSON.stringify(w)} is not selected by it`);
          }
          if (plainUndecided && !plainOutsideStrict.isEmpty) {
            // Plain commands it matches that no earlier deny/prompt takes go to an allow.
            const w = truth.plainTakenByAllow[i] ?? someWord(plainOutsideStrict, PREFERRED)!;
            assert.strictEqual(rs.rules[selected(rs, w)!].native, 'allow', `${label}: ${JSON.stringify(w)}`);
          } else if (plainUndecided && !covered) {
            assert.strictEqual(truth.plainTakenByAllow[i], undefined, `${label}: earlier deny/prompt rules take every plain command it matches, yet one is allowed`);
          }
          const f = shadowed.get(i);
          if (!f) return;
          const witness = f.witness!;
          assert.ok(isPlain(witness) && matcherOf(r.match).test(witness), `${label}: witness ${JSON.stringify(witness)} is a plain command it matches`);
          assert.strictEqual(rs.rules[selected(rs, witness)!].native, 'allow', `${label}: witness ${JSON.stringify(witness)} is allowed`);
          // Each rule named as allowing first does allow some plain command this deny matches.
          for (const a of f.data!.covering as number[]) {
            const before = langs.slice(0, a);
            assert.ok(!minus(NFA.fromIntersection(plain, langs[a]), null, before).isEmpty, `${label}: rule ${a + 1} is cited but allows none of its plain commands first`);
          }
          assert.ok((f.data!.covering as number[]).length > 0);
          // "Allowed first" for every plain command only when no earlier deny/prompt is first for any.
          const strictTakesSome = rs.rules.some((s, j) => j < i && s.native !== 'allow' && !minus(NFA.fromIntersection(plain, langs[j]), null, langs.slice(0, j)).isEmpty);
          if (truth.plainTakenByStrict[i] !== undefined) assert.ok(strictTakesSome);
          assert.strictEqual(/every plain command this deny matches is allowed first/.test(f.message), !strictTakesSome, `${label}: ${f.message}`);
          const compound = /compound lines such as `([^`]*)`/.exec(f.message)?.[1];
          if (compound !== undefined) assert.strictEqual(selected(rs, compound), i, `${label}: ${JSON.stringify(compound)} is said to be decided by it`);
        });
      }),
      { numRuns: propertyRuns(60), seed: 20251130 },
    );
    // The bound is there to catch the evaluator disagreeing with the automata, so most live rules must show within it.
    assert.ok(beyondBound < 25, `${beyondBound} rules live only beyond the bound`);
  });
});
