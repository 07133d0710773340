import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readText } from '../../../shared/host/node-fs';
import type { EvalContext } from '../../../shared/model';
import { initStarlarkParser } from '../../../shared/dialects/codex';
import { applyEngineSettings } from '../../../server/handlers/engine-settings';
import { storedCounts } from './helpers';

/** A user's rules that allow `git`, a stored request for a force push, and an admin file forbidding it. */
function project(): { rules: string; requirements: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-codex-req-'));
  fs.mkdirSync(path.join(dir, 'rules'));
  const rules = path.join(dir, 'rules', 'default.rules');
  fs.writeFileSync(rules, 'prefix_rule(pattern=["git"], decision="allow")\n');
  fs.writeFileSync(path.join(dir, 'rules', 'default.requests.json'), JSON.stringify({ requests: [{ name: 'force push', command: 'git push --force', expect: 'forbidden' }] }));
  const requirements = path.join(dir, 'requirements.toml');
  fs.writeFileSync(requirements, '[rules]\nprefix_rules = [{ pattern = [{ token = "git" }, { token = "push" }, { token = "--force" }], decision = "forbidden" }]\n');
  return { rules, requirements };
}

describe('server: the Codex requirements setting (rulelens.codex.requirements)', () => {
  before(() => initStarlarkParser());

  it('reads the named file into the context, and nothing when unset or unreadable', () => {
    const p = project();
    const ctx: EvalContext = {};
    applyEngineSettings(ctx, {}, readText);
    assert.strictEqual(ctx.codexRequirements, undefined);
    applyEngineSettings(ctx, { codex: { requirements: p.requirements } }, readText);
    assert.deepStrictEqual(ctx.codexRequirements, { path: p.requirements, text: fs.readFileSync(p.requirements, 'utf8') });
    applyEngineSettings(ctx, { codex: { requirements: '/no/such/requirements.toml' } }, readText);
    assert.strictEqual(ctx.codexRequirements, undefined);
  });

  it('joins the admin rules when set: the stored force push flips from failed to passed', async () => {
    const p = project();
    const ctx: EvalContext = {};
    assert.deepStrictEqual(await storedCounts(ctx, p.rules), { passed: 0, failed: 1 });
    applyEngineSettings(ctx, { codex: { requirements: p.requirements } }, readText);
    assert.deepStrictEqual(await storedCounts(ctx, p.rules), { passed: 1, failed: 0 });
  });
});
