import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readText } from '../../../shared/host/node-fs';
import type { EvalContext } from '../../../shared/model';
import { initShellParser } from '../../../shared/dialects/claude';
import { applyEngineSettings } from '../../../server/handlers/engine-settings';
import { storedCounts } from './helpers';

/** A project whose stored request passes only when the user's settings (which allow `curl`) are layered in. */
function project(): { dir: string; settings: string; requests: string; user: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-claude-user-'));
  fs.mkdirSync(path.join(dir, 'project', '.claude'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'home', '.claude'), { recursive: true });
  const settings = path.join(dir, 'project', '.claude', 'settings.json');
  const requests = path.join(dir, 'project', '.claude', 'settings.requests.json');
  const user = path.join(dir, 'home', '.claude', 'settings.json');
  fs.writeFileSync(settings, JSON.stringify({ permissions: { deny: ['Bash(rm *)'] } }));
  fs.writeFileSync(requests, JSON.stringify({ requests: [{ name: 'curl', tool: 'Bash', command: 'curl https://example.com', expect: 'allow' }] }));
  fs.writeFileSync(user, JSON.stringify({ permissions: { allow: ['Bash(curl *)'] } }));
  return { dir, settings, requests, user };
}

describe('server: the Claude Code user settings setting (rulelens.claude.userSettings)', () => {
  before(() => initShellParser());

  it('reads the named file into the context, and nothing when unset or unreadable', () => {
    const p = project();
    const ctx: EvalContext = { home: path.join(p.dir, 'home') };
    applyEngineSettings(ctx, {}, readText);
    // The home folder holds a user settings file, but it is never read unless named.
    assert.strictEqual(ctx.userSettings, undefined);
    applyEngineSettings(ctx, { claude: { userSettings: p.user } }, readText);
    assert.deepStrictEqual(ctx.userSettings, { path: p.user, text: fs.readFileSync(p.user, 'utf8') });
    applyEngineSettings(ctx, { claude: { userSettings: path.join(p.dir, 'missing.json') } }, readText);
    assert.strictEqual(ctx.userSettings, undefined);
    applyEngineSettings(ctx, { claude: { userSettings: 42 } }, readText);
    assert.strictEqual(ctx.userSettings, undefined);
  });

  it('layers the user rules under the project when set: the stored request flips from failed to passed', async () => {
    const p = project();
    const ctx: EvalContext = { home: path.join(p.dir, 'home') };
    assert.deepStrictEqual(await storedCounts(ctx, p.settings), { passed: 0, failed: 1 });
    applyEngineSettings(ctx, { claude: { userSettings: p.user } }, readText);
    assert.deepStrictEqual(await storedCounts(ctx, p.settings), { passed: 1, failed: 0 });
  });
});
