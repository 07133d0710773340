import * as assert from 'assert';
import { opencode } from '../../../shared/dialects/opencode';
import { lintRuleSet } from '../../../shared/check/check-file';
import { analyzeOpencode } from '../../../shared/dialects/opencode/analysis/lints';
import { Deadline } from '../../../shared/analysis/budget';
import { matchesPattern } from '../../../shared/patterns/wildcard';
import { analyse, byCode, codes, v1, v2 } from './helpers';
import type { Finding } from '../../../shared/model';

const WORKED = { edit: { '*': 'ask', 'docs/*': 'allow', 'secrets/*': 'deny' } };
const REQUESTS = [
  { name: 'A', request: { action: 'edit', resources: ['docs/start.md'] } },
  { name: 'B', request: { action: 'edit', resources: ['secrets/test.env'] } },
  { name: 'C', request: { action: 'edit', resources: ['docs/start.md', 'secrets/test.env'] } },
  { name: 'D', request: { action: 'edit', resources: ['src/main.ts'] } },
  { name: 'bash', request: { action: 'bash', resources: ['ls'] } },
];

/** A finding's headline and its related information, as the editor shows them on expansion. */
const told = (f: Finding) => [f.message, ...(f.related ?? []).map((r) => r.message)].join('\n');

describe('analysis: OpenCode pitfalls', () => {
  it('a trailing "*": "allow" is a broad catch-all naming the three rules it overrides and the requests it sets', () => {
    const rs = v1({ ...WORKED, '*': 'allow' });
    const f = analyse(rs, REQUESTS);
    const [c] = byCode(f, 'broad-catch-all');
    assert.ok(c, 'broad-catch-all reported');
    assert.strictEqual(c.severity, 'warning');
    // What the allow lets happen leads (writing a git hook); what it matches and overrides follows.
    assert.match(c.message, /^Any command can run on the next git command: .*`\.git\/config`/);
    assert.match(told(c), /overrides 3 earlier rules: rule 1: edit \* ask, rule 2: edit docs\/\* allow, rule 3: edit secrets\/\* deny/);
    assert.deepStrictEqual(c.data!.overrides, [0, 1, 2]);
    assert.deepStrictEqual(c.related!.slice(2).map((r) => r.message.split(' — ')[0]), ['rule 1: edit * ask', 'rule 2: edit docs/* allow', 'rule 3: edit secrets/* deny']);
    assert.deepStrictEqual(c.data!.requests, ['A', 'B', 'C', 'D', 'bash']);
    assert.match(told(c), /"B"/);
    // And its consequence: the deny never decides.
    const [s] = byCode(f, 'shadowed-deny');
    assert.strictEqual(s.data!.rule, 2);
    assert.strictEqual(s.witness, 'edit secrets/a');
    assert.strictEqual(s.unnecessary, true);
  });

  it('a catch-all first, as the default, is quiet; the worked file has no coverage findings', () => {
    assert.deepStrictEqual(byCode(analyse(v1({ '*': 'ask', ...WORKED })), 'broad-catch-all'), []);
    const f = analyse(v1(WORKED));
    assert.deepStrictEqual(f.map((x) => x.code), []);
  });

  it('an allow of every resource is flagged even when first; a V1 string-only key is not', () => {
    const f = analyse(v1({ edit: 'allow', webfetch: 'allow' }));
    const c = byCode(f, 'broad-catch-all');
    assert.strictEqual(c.length, 1);
    assert.match(told(c[0]), /every edit resource and allows it/);
  });

  it('"yarn": "deny" is an exact command pattern (reported once, by the dialect lint)', () => {
    const rs = v1({ bash: { yarn: 'deny' } });
    const all = lintRuleSet(opencode, rs);
    const hits = all.filter((x) => x.code === 'exact-command-pattern');
    assert.strictEqual(hits.length, 1);
    assert.match(hits[0].message, /yarn \*/);
  });

  it('"**/.env*" reads ** literally: witness `.env` is not matched', () => {
    const rs = v1({ read: { '**/.env*': 'deny' } });
    const [g] = lintRuleSet(opencode, rs).filter((x) => x.code === 'literal-glob-syntax');
    assert.ok(g);
    assert.ok(g.witness !== undefined && !matchesPattern(rs.rules[0].resourcePattern, g.witness), `witness ${g.witness} is not matched`);
    assert.strictEqual(matchesPattern(rs.rules[0].resourcePattern, '.env'), false);
    assert.strictEqual(matchesPattern(rs.rules[0].resourcePattern, 'config/.env'), true, 'below the root it does match');
  });

  it('a deny covered by two later allows (neither alone) is shadowed, naming both', () => {
    const rs = v2([
      ['edit', 'secrets/*', 'deny'],
      ['edit', 'secrets/a*', 'allow'],
      ['edit', 'secrets/?*', 'allow'],
      ['edit', 'secrets/', 'allow'],
    ]);
    const [s] = byCode(analyse(rs), 'shadowed-deny');
    assert.ok(s);
    assert.strictEqual(s.data!.rule, 0);
    const takers = (s.data!.deciders as Array<{ rule: number }>).map((d) => d.rule).sort();
    assert.deepStrictEqual(takers, [2, 3]);
    assert.strictEqual(s.related!.length, 2);
    assert.match(s.message, /^rule 1: edit secrets\/\* deny never decides/);
    // Without the empty-name rule the deny keeps `secrets/`: overridden, not shadowed.
    const partly = analyse(v2([['edit', 'secrets/*', 'deny'], ['edit', 'secrets/?*', 'allow']]));
    assert.deepStrictEqual(partly.map((x) => x.code), ['overridden-deny']);
    assert.deepStrictEqual(partly[0].data!.decided, ['edit', 'secrets/']);
  });

  it('dead-rule: an allow covered by a later rule; a deny covered only by denies', () => {
    const f = analyse(v2([
      ['bash', 'git status *', 'allow'],
      ['bash', 'rm -rf *', 'deny'],
      ['bash', 'git *', 'ask'],
      ['bash', 'rm *', 'deny'],
    ]));
    assert.deepStrictEqual(f.map((x) => [x.code, x.data!.rule]), [['dead-rule', 0], ['dead-rule', 1]]);
    assert.ok(f.every((x) => x.unnecessary === true && x.data!.fix === 'remove-rule'));
    assert.strictEqual(f[0].witness, 'bash git status a');
    assert.match(f[0].message, /decided by later rules — rule 3: bash git \* ask/);
  });

  it('agent views: a top-level deny an agent overrides is information for that agent', () => {
    const rs = v1({ edit: { 'secrets/*': 'deny' } }, { agent: { build: { permission: { edit: 'allow' } } } });
    const f = analyse(rs);
    const o = byCode(f, 'overridden-deny');
    assert.strictEqual(o.length, 1);
    assert.match(o[0].message, /^Agent "build" runs without edit "secrets\/\*" deny/);
    assert.ok(!byCode(f, 'shadowed-deny').length, 'not shadowed in the top-level view');
  });

  it('budget: past the time limit one analysis-budget finding, no other claim', () => {
    const rs = v1({ ...WORKED, '*': 'allow' });
    const f = analyzeOpencode(rs, {}, new Deadline(-1));
    const b = byCode(f, 'analysis-budget');
    assert.strictEqual(b.length, 1);
    assert.match(b[0].message, /^analysis incomplete for rule 1 \(budget\)/);
    assert.strictEqual(b[0].severity, 'information');
    assert.ok(!f.some((x) => ['dead-rule', 'shadowed-deny', 'overridden-deny'].includes(x.code)));
  });

  it('budget: a pattern too long to analyse is skipped with one finding', () => {
    const long = 'a*'.repeat(3000);
    const f = analyse(v2([['edit', long, 'deny'], ['edit', '*c', 'allow']]));
    const b = byCode(f, 'analysis-budget');
    assert.strictEqual(b.length, 1);
    assert.match(b[0].message, /rule 1/);
    assert.ok(!byCode(f, 'shadowed-deny').length && !byCode(f, 'overridden-deny').length);
  });

  it('budget: a loss no stand-in shows is not walked for a pattern of more than 16 wildcards (the walk grows with every star)', () => {
    const many = v2([['edit', '*', 'ask'], ['edit', `${'*/a/'.repeat(200)}b`, 'deny'], ['edit', 'docs/*', 'allow']]);
    const b = byCode(analyse(many), 'analysis-budget');
    assert.strictEqual(b.length, 1);
    assert.match(b[0].message, /rule 2 .*more than 16 wildcards/);
    // Below the limit the same shape is walked and its loss named.
    const few = analyse(v2([['edit', '*', 'ask'], ['edit', `${'*/a/'.repeat(3)}b`, 'deny'], ['edit', 'docs/*', 'allow']]));
    assert.deepStrictEqual(codes(few), ['overridden-deny']);
  });

  it('a pattern too long for automata is still judged when one later rule plainly includes it', () => {
    const long = 'a*'.repeat(3000);
    const rs = (p: string) => v2([['edit', p, 'deny'], ['edit', '*', 'allow']]);
    const f = analyse(rs(long));
    assert.deepStrictEqual(codes(f).sort(), ['broad-catch-all', 'shadowed-deny']);
    const ds = byCode(f, 'shadowed-deny')[0].data?.deciders as Array<{ rule: number; decision: string; witness: string[] }>;
    assert.deepStrictEqual(ds.map((d) => [d.rule, d.decision, d.witness[0]]), [[1, 'allow', 'edit']]);
    assert.ok(matchesPattern(rs(long).rules[0].resourcePattern, ds[0].witness[1]), 'the witness is a request of the long rule');
  });

  it('bad input never throws: empty files, no rules, odd characters', () => {
    for (const text of ['', '{', '{"permission": 3}', '{"permission": {"edit": {"\\u0000\\uffff": "deny", "*": "allow"}}}']) {
      const rs = opencode.parse({ path: 'opencode.json', text });
      assert.doesNotThrow(() => analyse(rs));
    }
    const odd = analyse(v1({ edit: { '\uffff*': 'deny', '*\u0000': 'allow', '*': 'allow' } }));
    assert.strictEqual(byCode(odd, 'shadowed-deny').length, 1);
  });
});
