import * as assert from 'assert';
import fc from 'fast-check';
import { JS, NFA } from 'refa';
import { evaluateClaude, initShellParser, lintClaude, parseClaude, parseLayers } from '../../../shared/dialects/claude';
import { commandViews } from '../../../shared/dialects/claude/command-views';
import { splitCommand } from '../../../shared/dialects/claude/sub-commands';
import type { ClaudeRequest, ClaudeRuleSet } from '../../../shared/dialects/claude';
import type { EvalContext } from '../../../shared/model';
import { minus, someWord, strings } from '../../helpers/brute-force';
import { propertyRuns } from '../../helpers/runs';

/*
 * The claude lint's `dead-rule` promise, checked both ways against the real evaluator. The
 * evaluator consults deny, then ask, then allow; within a tier the order never changes a decision
 * (the trace names the first matching rule, but any matching rule of the tier gives the same
 * answer). So a rule is claimed dead exactly when its language is covered by the rules that rank
 * above it, computed here independently on automata:
 * - every rule of a stricter tier, and
 * - a same-tier rule whose language contains this one's, strictly, or equally and earlier in the
 *   list (of two rules that cover each other only the later is reported, whatever the order).
 * This oracle used to take "earlier rules of the same tier" as the rules above; that made the
 * verdict depend on list order, which the agent never does within a tier.
 * - Bash: each rule consults the views of a sub-command (allow: its allow views; deny/ask: the deny
 *   views, a superset), so coverage of the specifier languages is a proof of deadness. Exact both
 *   ways: a dead claim changes no decision when the rule is removed (nor when every claimed rule is
 *   removed at once), and a rule not claimed decides a string outside the coverage once the rules
 *   that rank below it are set aside.
 * - WebFetch: the same on host languages. Exact both ways.
 * - Paths: a sound, deliberately simple check: every claim is confirmed, misses are allowed.
 *
 * Bound: patterns are at most 4 units over {a, b, ' ', *} (hosts: {a, b, '.', *}); commands and hosts
 * are enumerated up to 5 units with `c` standing for every character no pattern names. The string
 * outside the coverage comes from the automata and is confirmed through the evaluator.
 */

const MAX_LEN = 5;


// Automata built here from the rule text, independently of the dialect's construction.
function nfaOf(source: string): NFA {
  const { expression } = JS.Parser.fromLiteral({ source, flags: '' }).parse();
  return NFA.fromRegex(expression, { maxCharacter: 0xffff });
}
const escape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
const starSource = (p: string) => p.split(/\*+/).map(escape).join('[^]*');
/** A Bash specifier: `*` is any text; a trailing ` *` as the only wildcard also admits the bare command. */
function bashSource(spec: string | null): string {
  if (spec === null) return '[^]*';
  const main = starSource(spec);
  const bare = (spec.match(/\*+/g) ?? []).length === 1 && spec.endsWith(' *') && spec.length > 2;
  return bare ? `(?:${main}|${escape(spec.slice(0, -2))})` : main;
}
/** A host pattern, lower-cased with one trailing dot removed as the agent compares hosts. */
const hostSource = (spec: string) => starSource(spec.trim().toLowerCase().replace(/\.$/, ''));

const PREFERRED = 'cab .';

const PATH = '/proj/.claude/settings.json';
const settings = (perms: Record<string, string[]>) => parseClaude({ path: PATH, text: JSON.stringify({ permissions: perms }) }, { home: '/home/u' });
type Tiered = Array<[string, 'deny' | 'ask' | 'allow']>;
function ruleSet(rules: Tiered): ClaudeRuleSet {
  const perms: Record<string, string[]> = { deny: [], ask: [], allow: [] };
  for (const [text, tier] of rules) perms[tier].push(text);
  return settings(perms);
}

/** Rule indexes that control some trace section of the request. */
function deciders(rs: ClaudeRuleSet, req: ClaudeRequest, ctx?: EvalContext): number[] {
  return evaluateClaude(rs, req, ctx).trace.sections.flatMap((s) => (s.controlling === null ? [] : [s.controlling]));
}

const TIER_ORDER = ['deny', 'ask', 'allow'];

/** The decision for a request with only the rules `keep` accepts in force. */
function decisionWith(rs: ClaudeRuleSet, req: ClaudeRequest, keep: (i: number) => boolean, ctx?: EvalContext): string {
  return evaluateClaude({ ...rs, rules: rs.rules.filter((r) => keep(r.index)) }, req, ctx).decision;
}

/** Dead claims: dead-rule, and a duplicate of an earlier rule of the same tier (which decides nothing either). */
/** Rules reported as never firing at all (the evaluator proved it): their own claim, checked elsewhere. */
function claimedNever(rs: ClaudeRuleSet): Set<number> {
  return new Set(lintClaude(rs).filter((f) => f.code === 'never-matches').map((f) => f.data!.ruleIndex as number));
}

function claimedDead(rs: ClaudeRuleSet): Set<number> {
  return new Set(lintClaude(rs).filter((f) => f.code === 'dead-rule' || f.code === 'duplicate-rule').map((f) => f.data!.ruleIndex as number));
}

/**
 * The evaluator reads a command only through the views of its sub-commands and why it fails
 * closed, so one command per distinct reading exercises everything the enumeration can.
 */
function distinctCommands(): string[] {
  const seen = new Map<string, string>();
  for (const c of strings(['a', 'b', 'c', ' ', "'", ';'], MAX_LEN)) {
    const split = splitCommand(c);
    const key = JSON.stringify([split.failClosed.length > 0, split.subcommands.map((s) => commandViews(s))]);
    if (!seen.has(key)) seen.set(key, c);
  }
  return [...seen.values()];
}

interface Case {
  /** Rule texts and tiers. */
  rules: Tiered;
  /** Subjects to enumerate; null stands for a request that gives none (only bare tool rules match it). */
  subjects: Array<string | null>;
  request: (subject: string | null) => ClaudeRequest;
  /** Language of a rule's specifier, or null when the rule is not about this tool. */
  language: (rule: { tool: string; specifier: string | null }) => NFA | null;
  /** Requests that decide by a string of the language, tried when the enumeration found none. */
  from: (w: string) => string[];
}

/** Whether language a is inside language b (a bare rule's language also holds the request without a subject). */
function inside(a: { nfa: NFA; bare: boolean }, b: { nfa: NFA; bare: boolean }): boolean {
  if (b.bare) return true;
  if (a.bare) return false;
  return minus(a.nfa, null, [b.nfa]).isEmpty;
}

/** Rules that rank above rule i: stricter tiers, and same-tier rules containing it strictly, or equally and earlier. */
function above(rs: ClaudeRuleSet, i: number, langs: Array<{ nfa: NFA; bare: boolean } | null>): number[] {
  const r = rs.rules[i];
  return rs.rules
    .filter((o) => {
      if (o.index === i) return false;
      if (TIER_ORDER.indexOf(o.tier) < TIER_ORDER.indexOf(r.tier)) return true;
      if (o.tier !== r.tier || !inside(langs[i]!, langs[o.index]!)) return false;
      return o.index < i || !inside(langs[o.index]!, langs[i]!);
    })
    .map((o) => o.index);
}

/** Exactness of dead-rule for one tool's rules, both ways. Returns how many rules were live only beyond the bound. */
function checkExact(c: Case): number {
  const rs = ruleSet(c.rules);
  assert.strictEqual(rs.rules.length, c.rules.length);
  const dead = claimedDead(rs);
  const never = claimedNever(rs);
  const langs = rs.rules.map((r) => {
    const nfa = c.language(r);
    // `Bash(*)` is the bare tool (the agent treats them alike): compiled to the same matcher.
    return nfa && { nfa, bare: r.matcher.kind === 'tool' };
  });
  const full = c.subjects.map((s) => decisionWith(rs, c.request(s), () => true));
  const unchangedWithout = (gone: (i: number) => boolean, label: string) =>
    c.subjects.forEach((s, k) => assert.strictEqual(decisionWith(rs, c.request(s), (j) => !gone(j)), full[k], `${label}: ${JSON.stringify(s)} decided otherwise`));
  let beyond = 0;
  rs.rules.forEach((r, i) => {
    if (never.has(i)) return;
    const label = `${r.tier} ${r.text} in ${JSON.stringify(c.rules)}`;
    const higher = above(rs, i, langs);
    // A bare tool rule also matches a request without a subject, which only bare rules match.
    const whole = higher.some((j) => langs[j]!.bare);
    const rest = whole ? null : minus(langs[i]!.nfa, null, higher.map((j) => langs[j]!.nfa));
    const isCovered = rest === null || (!langs[i]!.bare && rest.isEmpty);
    assert.strictEqual(dead.has(i), isCovered, `${label}: reported dead ${dead.has(i)}, covered ${isCovered}`);
    if (isCovered) {
      unchangedWithout((j) => j === i, `${label} claimed dead`);
    } else {
      // Live: with the rules ranking below it set aside, it decides a string outside the coverage.
      const w = someWord(rest, PREFERRED);
      const keep = new Set([i, ...higher]);
      const only = { ...rs, rules: rs.rules.filter((o) => keep.has(o.index)) };
      const decides = (s: string | null) => deciders(only, c.request(s)).includes(i);
      // The automata's word first; the enumeration when the evaluator normalizes that word away
      // (a host pattern `..` decides `...`, whose trailing dot is dropped).
      const hit = [...(w === undefined ? [] : c.from(w)), null].find(decides) ?? c.subjects.find(decides);
      assert.ok(hit !== undefined, `${label}: not reported, and ${JSON.stringify(w)} gives no request it decides`);
      if (hit !== null && hit.length > MAX_LEN) beyond++;
    }
  });
  // The ranking is a strict order: every claim at once is as harmless as each one alone.
  if (dead.size > 1) unchangedWithout((j) => dead.has(j), `all ${dead.size} dead claims removed together`);
  return beyond;
}

const tier = fc.constantFrom('deny' as const, 'ask' as const, 'allow' as const);
const bashRule = fc.oneof(
  { weight: 12, arbitrary: fc.array(fc.constantFrom('a', 'b', ' ', '*'), { minLength: 1, maxLength: 4 }).map((xs) => `Bash(${xs.join('')})`) },
  { weight: 1, arbitrary: fc.constant('Bash') },
);
const hostRule = fc.oneof(
  { weight: 12, arbitrary: fc.array(fc.constantFrom('a', 'b', '.', '*'), { minLength: 1, maxLength: 4 }).map((xs) => `WebFetch(domain:${xs.join('')})`) },
  { weight: 1, arbitrary: fc.constant('WebFetch') },
);
/** Rules the grammar rejects (`Bash( )` is an empty `()`) are schema errors, not lint material. */
const valid = (rules: Tiered) => ruleSet(rules).rules.every((r) => r.matcher.kind !== 'invalid');

describe('analysis: claude dead-rule agrees with brute force over the real evaluator', () => {
  let commands: string[] = [];
  before(async () => {
    await initShellParser();
    commands = distinctCommands();
  });

  it('Bash: exact both ways', function () {
    // About 30 s of CPU (every command is parsed by the real shell parser); the budget is generous
    // because the machine running it may be busy, and a timeout here says nothing about correctness.
    this.timeout(900_000);
    let beyond = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(bashRule, tier), { minLength: 1, maxLength: 6 }).filter(valid), (rules) => {
        beyond += checkExact({
          rules,
          subjects: [...commands, null],
          request: (command) => (command === null ? { tool: 'Bash' } : { tool: 'Bash', command }),
          language: (r) => (r.tool === 'Bash' ? nfaOf(bashSource(r.specifier)) : null),
          from: (w) => [w, `'${w}'`, w.split(' ').map((x) => `'${x}'`).join(' ')],
        });
      }),
      { numRuns: propertyRuns(40), seed: 20251130 },
    );
    assert.ok(beyond < 15, `${beyond} rules live only beyond the bound`);
  });

  it('WebFetch: exact both ways', function () {
    // Each dead claim is now also replayed through the evaluator: slower on a busy machine.
    this.timeout(600_000);
    const hosts = strings(['a', 'b', 'c', '.'], MAX_LEN);
    let beyond = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(hostRule, tier), { minLength: 1, maxLength: 6 }).filter(valid), (rules) => {
        beyond += checkExact({
          rules,
          subjects: [...hosts, null],
          request: (h) => (h === null ? { tool: 'WebFetch' } : { tool: 'WebFetch', url: `https://${h}/` }),
          language: (r) => (r.tool === 'WebFetch' ? nfaOf(r.specifier === null ? '[^]*' : hostSource(r.specifier.slice('domain:'.length))) : null),
          from: (w) => [w, `${w}.`],
        });
      }),
      { numRuns: propertyRuns(60), seed: 20251130 },
    );
    assert.ok(beyond < 15, `${beyond} rules live only beyond the bound`);
  });

  const PATH_SPECS = ['a', 'b', 'a/b', 'a/**', 'a/*', '*', '**', '*/b', './a', './a/**', '/a', '/a/**', '/**', '//proj/a/**', '//proj/**', '~/a', '~/**'];
  const pathRule = fc.tuple(fc.constantFrom('Read', 'Edit'), fc.constantFrom(...PATH_SPECS)).map(([t, s]) => `${t}(${s})`);
  const PATHS = [...strings(['a', 'b'], 3).filter((p) => p !== '').flatMap((p) => [p.split('').join('/'), p]), '/proj/a', '/proj/a/b', '/home/u/a', '/home/u/a/b', '/home/u/.claude/a', '/elsewhere/a'];
  const ctx: EvalContext = { root: '/proj', home: '/home/u' };
  const pathRequests = (p: string): ClaudeRequest[] => ['Read', 'Edit', 'Write'].flatMap((tool) => [{ tool, path: p }, { tool, path: p, cwd: 'a' }]);

  it('paths: every dead-rule claim holds (a sound, simple check)', function () {
    let claims = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(pathRule, tier), { minLength: 1, maxLength: 6 }).filter(valid), (rules) => {
        const rs = ruleSet(rules);
        const dead = claimedDead(rs);
        claims += dead.size;
        // Order within a tier never matters, so "dead" means: removing it (or all claimed at once) changes no decision.
        for (const p of PATHS) {
          for (const req of pathRequests(p)) {
            const was = decisionWith(rs, req, () => true, ctx);
            for (const d of dead) assert.strictEqual(decisionWith(rs, req, (j) => j !== d, ctx), was, `${rs.rules[d].text} claimed dead but decides ${JSON.stringify(req)} in ${JSON.stringify(rules)}`);
            assert.strictEqual(decisionWith(rs, req, (j) => !dead.has(j), ctx), was, `dead claims together decide ${JSON.stringify(req)} in ${JSON.stringify(rules)}`);
          }
        }
      }),
      { numRuns: propertyRuns(60), seed: 20251130 },
    );
    assert.ok(claims > 20, `only ${claims} claims exercised`);
  });

  it('paths: `/p` is relative to each layer’s own settings folder, so equal text in two layers is not coverage', () => {
    const rs = parseLayers(
      [
        { path: PATH, text: JSON.stringify({ permissions: { allow: ['Read(/a/**)'] } }) },
        { path: '/home/u/.claude/settings.json', text: JSON.stringify({ permissions: { deny: ['Read(/a/**)'] } }) },
      ],
      { home: '/home/u' },
    );
    const allow = rs.rules.find((r) => r.tier === 'allow')!;
    assert.deepStrictEqual(deciders(rs, { tool: 'Read', path: 'a/x' }, ctx), [allow.index]);
    assert.ok(!claimedDead(rs).has(allow.index));
  });
});
