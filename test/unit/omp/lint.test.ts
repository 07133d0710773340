import { strict as assert } from 'assert';
import { lintOmp, parseOmp, selectRule } from '../../../shared/dialects/omp';
import { rules } from './helpers';

const codes = (rs: ReturnType<typeof rules>) => lintOmp(rs).map((f) => f.code);

describe('omp lints', () => {
  it('never-matches: each dropped entry, with the reason; ask suggests prompt', () => {
    const rs = rules([['git *', 'ask'], ['', 'deny']]);
    const f = lintOmp(rs).filter((x) => x.code === 'never-matches');
    assert.equal(f.length, 2);
    assert.match(f[0].message, /agent ignores .*"ask" is not one of .*write "prompt"/);
    assert.equal(f[0].data?.replacement, 'prompt');
    assert.equal(f[0].severity, 'warning');
  });
  it('shadowed-deny: an earlier allow takes every plain command the deny matches, with a witness', () => {
    const rs = rules([['git *', 'allow'], ['git push --force *', 'deny']]);
    const f = lintOmp(rs).find((x) => x.code === 'shadowed-deny')!;
    assert.ok(f, 'expected shadowed-deny');
    assert.equal(selectRule(rs.rules, f.witness!).selected?.index, 0, 'the witness is allowed by the earlier rule');
    assert.match(f.witness!, /^git push --force /);
    assert.equal(f.related?.[0].message, 'rule 1: git * allow');
    assert.match(f.message, /still decides compound lines/);
  });
  it('shadowed-deny needs coverage by a union of allows, and never claims a partial overlap', () => {
    assert.ok(codes(rules([['ls *', 'allow'], ['cat *', 'allow'], ['* secret', 'deny']])).every((c) => c !== 'shadowed-deny'));
    assert.ok(codes(rules([['a*', 'allow'], ['b*', 'allow'], ['*', 'allow'], ['x', 'deny']])).includes('shadowed-deny'));
    assert.ok(!codes(rules([['git push', 'allow'], ['git push *', 'deny']])).includes('shadowed-deny'));
    assert.ok(!codes(rules([['git push --force *', 'deny'], ['git *', 'allow']])).includes('shadowed-deny'));
  });
  it('dead-rule: a deny covered by earlier deny/prompt rules is never selected', () => {
    const f = lintOmp(rules([['rm *', 'prompt'], ['rm -rf *', 'deny']])).find((x) => x.code === 'dead-rule');
    assert.ok(f?.unnecessary);
  });
  it('broad-catch-all: * allow anywhere, or a * rule that is not last', () => {
    assert.ok(codes(rules([['*', 'allow']])).includes('broad-catch-all'));
    assert.ok(codes(rules([['*', 'prompt'], ['git *', 'allow']])).includes('broad-catch-all'));
    assert.ok(!codes(rules([['git *', 'allow'], ['*', 'deny']])).includes('broad-catch-all'));
  });
  it('broad-catch-all cites the stored requests it decides', () => {
    const rs = rules([['*', 'prompt'], ['git *', 'allow']]);
    const f = lintOmp(rs, { requests: [{ name: 'status', request: { command: 'git status' } }] }).find((x) => x.code === 'broad-catch-all')!;
    assert.match(f.message, /"status"/);
  });
  it('exact-command-pattern: a deny or prompt without a wildcard', () => {
    const f = lintOmp(rules([['yarn', 'deny']])).find((x) => x.code === 'exact-command-pattern')!;
    assert.equal(f.data?.replacement, 'yarn *');
    assert.ok(!codes(rules([['git status', 'allow']])).includes('exact-command-pattern'));
  });
  it('allow-runs-anything: interpreters, wrappers and a * before the subcommand', () => {
    for (const p of ['bash *', 'sh -c *', 'python *', 'node *', 'env *', 'xargs *', 'git * main', '/usr/bin/python3 *', 'find *', 'git push *', 'npm test *', 'python -m pytest *']) {
      const f = lintOmp(rules([[p, 'allow']])).find((x) => x.code === 'allow-runs-anything');
      assert.ok(f, p);
      assert.equal(selectRule(rules([[p, 'allow']]).rules, f.witness!).selected?.index, 0, `witness applies: ${f.witness}`);
    }
    for (const p of ['git status *', 'ls *', 'bash scripts/build.sh']) {
      assert.ok(!codes(rules([[p, 'allow']])).includes('allow-runs-anything'), p);
    }
  });
  it('critical-not-prompted: a catch-all prompt lets critical commands through in yolo', () => {
    const f = lintOmp(rules([['*', 'prompt']])).find((x) => x.code === 'critical-not-prompted')!;
    assert.equal(f.severity, 'warning');
    assert.equal(f.witness, 'rm -rf /srv/data');
    assert.ok(!codes(rules([['*', 'prompt']], { tools: { approvalMode: 'always-ask' } })).includes('critical-not-prompted'));
    assert.ok(!codes(rules([['*', 'prompt']], { tools: { approval: { bash: 'prompt' } } })).includes('critical-not-prompted'));
    assert.ok(!codes(rules([['git *', 'prompt']])).includes('critical-not-prompted'));
  });
  it('lints the example file without false claims', () => {
    const rs = parseOmp({ path: 'c.json', text: JSON.stringify({ bash: { patterns: [{ match: 'printf *', approval: 'allow' }, { match: 'printf closed', approval: 'deny' }, { match: '*', approval: 'deny' }] } }) });
    // `printf closed x` is denied by the final "*" as well: the exact deny hides nothing.
    assert.deepEqual(lintOmp(rs).map((f) => f.code).sort(), ['shadowed-deny']);
  });
});
