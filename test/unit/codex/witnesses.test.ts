import * as assert from 'assert';
import fc from 'fast-check';
import { codex, initStarlarkParser, type CodexRequest, type CodexRuleSet } from '../../../shared/dialects/codex';
import { Deadline } from '../../../shared/analysis/budget';
import { propertyRuns } from '../../helpers/runs';
import { checkSearch, commandsOver, SEARCH_MS } from '../../helpers/witness-check';

const FILE = '/p/.codex/rules/default.rules';
const rules = (text: string): CodexRuleSet => codex.parse({ path: FILE, text });
const search = (a: CodexRuleSet, b: CodexRuleSet) => codex.witnesses!.flips(a, b, [], { deadline: new Deadline(SEARCH_MS) });
const lines = (r: ReturnType<typeof search>) => r.flips.map((f) => `${f.request}: ${f.before} → ${f.after}`).join('\n');

describe('codex: change impact finds what a change newly decides', () => {
  before(async () => {
    await initStarlarkParser();
  });

  it("the issue's change: [\"git\",\"status\"] widened to [\"git\"], the rm forbidden dropped", () => {
    const base = rules('prefix_rule(pattern=["git", "status"], decision="allow")\nprefix_rule(pattern=["rm"], decision="forbidden")');
    const current = rules('prefix_rule(pattern=["git"], decision="allow")');
    const r = search(base, current);
    assert.deepStrictEqual(r.unsearched, []);
    assert.deepStrictEqual(lines(r).split('\n'), ['git push origin main: ask → allow', 'rm -rf build: deny → ask']);
    assert.strictEqual(r.flips[0].afterRule?.label, 'git → allow');
    assert.strictEqual(r.flips[1].beforeRule?.label, 'rm → forbidden');
  });

  it('alternatives: each alternative is its own class, and a word none of them names too', () => {
    const base = rules('prefix_rule(pattern=["npm", ["test", "ci"]], decision="allow")');
    const current = rules('prefix_rule(pattern=["npm", ["test", "ci", "publish"]], decision="allow")\nprefix_rule(pattern=["npm", "ci"], decision="prompt")');
    const r = search(base, current);
    assert.deepStrictEqual(lines(r).split('\n'), ['npm publish: ask → allow', 'npm ci: allow → ask']);
  });

  it('strictest wins: a new forbidden under an allow tightens only the commands it names', () => {
    const base = rules('prefix_rule(pattern=["git"], decision="allow")');
    const current = rules('prefix_rule(pattern=["git"], decision="allow")\nprefix_rule(pattern=["git", "push", "--force"], decision="forbidden")');
    const r = search(base, current);
    assert.deepStrictEqual(lines(r).split('\n'), ['git push --force origin main: allow → deny']);
  });

  it('a host_executable that lists other paths stops the bare name\'s rules deciding an absolute path', () => {
    const base = rules('prefix_rule(pattern=["git"], decision="allow")');
    const current = rules('prefix_rule(pattern=["git"], decision="allow")\nhost_executable(name="git", paths=["/opt/git/bin/git"])');
    const r = search(base, current);
    assert.deepStrictEqual(lines(r).split('\n'), ['/usr/bin/git push origin main: allow → ask']);
  });

  it('every flip is real and no class of commands over a small alphabet is missed', () => {
    const words = ['git', 'status', 'push', 'rm', '-rf'];
    const universe = commandsOver(words, 3).map((command): CodexRequest => ({ command }));
    const token = fc.oneof(fc.constantFrom(...words).map((w) => JSON.stringify(w)), fc.subarray(words, { minLength: 2, maxLength: 3 }).map((xs) => JSON.stringify(xs)));
    const rule = fc.tuple(fc.array(token, { minLength: 1, maxLength: 3 }), fc.constantFrom('allow', 'prompt', 'forbidden'));
    const file = fc.array(rule, { maxLength: 4 }).map((rs) => rs.map(([p, d]) => `prefix_rule(pattern=[${p.join(', ')}], decision="${d}")`).join('\n'));
    fc.assert(
      fc.property(file, file, (a, b) => {
        const r = checkSearch(codex, rules(a), rules(b), { exact: universe }, () => 'command');
        assert.ok(r.unreal.length + r.missed.length + r.unsearched.length === 0, JSON.stringify({ ...r, flips: lines({ flips: r.flips, notes: [] }) }, null, 1));
      }),
      { numRuns: propertyRuns(150), seed: 3604 },
    );
  });
});
