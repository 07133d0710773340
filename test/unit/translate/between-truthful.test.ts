// The equivalence report of `translate` is truthful: every listed flip, decided again on both sides
// by each agent's own parser and evaluator, really decides differently, as the report says.
import { strict as assert } from 'assert';
import fc from 'fast-check';
import { dialectById, initDialects } from '../../../shared/dialects';
import type { AnyDialect } from '../../../shared/dialects/dialect';
import type { Decision, EvalContext } from '../../../shared/model';
import type { NeutralRequest } from '../../../shared/requests/neutral';
import { TARGET_FILES, translateBetween } from '../../../shared/check/translate-between';

const CTX: EvalContext = { policy: false };
const PROGRAMS = ['git', 'npm', 'rm', 'ls', 'make'];
const SUBS = ['push', 'test', 'status', '-rf'];
const DECISIONS: Decision[] = ['allow', 'ask', 'deny'];

/** A command rule: one or two words and a decision. */
const ruleArb = fc.record({ words: fc.tuple(fc.constantFrom(...PROGRAMS), fc.option(fc.constantFrom(...SUBS), { nil: undefined })), decision: fc.constantFrom(...DECISIONS), exact: fc.boolean() });
type Gen = { words: [string, string | undefined]; decision: Decision; exact: boolean };
const cmd = (r: Gen) => r.words.filter((w) => w !== undefined).join(' ');

/** Each source dialect's file for generated rules. */
const SOURCES: Record<string, { path: string; write: (rules: Gen[]) => string }> = {
  claude: {
    path: '/p/.claude/settings.json',
    write: (rules) => {
      const tiers: Record<Decision, string[]> = { allow: [], ask: [], deny: [] };
      for (const r of rules) tiers[r.decision].push(r.exact ? `Bash(${cmd(r)})` : `Bash(${cmd(r)}:*)`);
      return JSON.stringify({ permissions: tiers });
    },
  },
  codex: {
    path: '/p/.codex/rules/a.rules',
    write: (rules) => rules.map((r) => `prefix_rule(pattern=[${cmd(r).split(' ').map((w) => JSON.stringify(w)).join(', ')}], decision="${{ allow: 'allow', ask: 'prompt', deny: 'forbidden' }[r.decision]}")`).join('\n') + '\n',
  },
  opencode: {
    path: '/p/opencode.json',
    write: (rules) => JSON.stringify({ permission: { bash: Object.fromEntries(rules.map((r) => [r.exact ? cmd(r) : `${cmd(r)} *`, r.decision])) } }),
  },
};

function decide(d: AnyDialect, path: string, text: string, w: NeutralRequest): Decision | undefined {
  const mapped = d.neutralRequest!(w);
  if ('unsupported' in mapped) return undefined;
  const v = d.evaluate(d.parse({ path, text }, CTX), mapped.request, CTX);
  return v.hook ? undefined : v.decision;
}

describe('translate between agents: the report is truthful', () => {
  before(() => initDialects());

  for (const [from, src] of Object.entries(SOURCES)) {
    for (const to of Object.keys(TARGET_FILES).filter((t) => t !== from)) {
      it(`${from} → ${to}: every listed flip really flips, decided again on both sides`, () => {
        const source = dialectById(from)!;
        const target = dialectById(to)!;
        fc.assert(
          fc.property(fc.array(ruleArb, { minLength: 1, maxLength: 6 }), (rules) => {
            const text = src.write(rules);
            const report = translateBetween({ dialect: source, path: src.path, ruleSet: source.parse({ path: src.path, text }, CTX) }, target, CTX);
            assert.equal(report.equivalent, report.flips.length === 0 && report.notExpressed.length === 0);
            for (const f of report.flips) {
              const a = decide(source, src.path, text, f.witness);
              const b = decide(target, TARGET_FILES[to].path, report.text, f.witness);
              assert.equal(a, f.from, `${f.request}: the source decides ${a}`);
              assert.equal(b, f.to, `${f.request}: the target decides ${b}`);
              assert.notEqual(a, b);
            }
            assert.ok(report.checked >= report.flips.length);
            return true;
          }),
          { numRuns: 15, seed: 39 },
        );
      });
    }
  }

  it('a translation that keeps every decision is reported equivalent, with no flip', () => {
    const claude = dialectById('claude')!;
    const text = JSON.stringify({ permissions: { allow: ['Bash(git:*)'], deny: ['Bash(git push:*)'] } });
    const report = translateBetween({ dialect: claude, path: SOURCES.claude.path, ruleSet: claude.parse({ path: SOURCES.claude.path, text }, CTX) }, dialectById('codex')!, CTX);
    assert.deepEqual(report.flips, []);
    assert.deepEqual(report.notExpressed, []);
    assert.equal(report.equivalent, true);
    assert.ok(report.checked > 3);
  });
});
