import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main } from '../../../cli/main';
import { initDialects } from '../../../shared/dialects';
import { MAX_EXTGLOB_SCAN, shellParseRefusal } from '../../../shared/host/shell-parser';

/**
 * A command too costly for the shell grammar to parse (thousands of unquoted `?`/`@`: its extglob
 * lookahead is quadratic) is not read, and a command RuleLens did not read is never allowed: each
 * shell dialect answers at most ask with the reason, even where its agent's own parse-failure
 * path would allow (Gemini in yolo mode).
 */

const HOSTILE = 'a?'.repeat(4000);
const REASON = /the command holds 4000 `\?`\/`@` in 8000 characters; RuleLens reads at most 62 /;

function files(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-extglob-'));
  const put = (p: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    fs.writeFileSync(path.join(dir, p), text);
  };
  put('.claude/settings.json', JSON.stringify({ permissions: { allow: ['Bash(a?a?*)'] } }));
  put('.codex/rules/default.rules', 'prefix_rule(pattern = ["bash", "-lc"], decision = "allow")\n');
  put('.gemini/policies/policy.toml', '[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 100\n');
  return dir;
}

async function evalText(file: string, request: unknown, trace: boolean): Promise<string> {
  let text = '';
  const io = { out: (s: string) => void (text += s + '\n'), err: (s: string) => void (text += s + '\n') };
  await main(['eval', file, '--request', JSON.stringify(request), ...(trace ? ['--trace'] : [])], io);
  return text;
}

describe('hostile input: a command too costly to parse is at most ask, with the reason', function () {
  this.timeout(20_000);
  let dir: string;
  before(async () => {
    await initDialects();
    dir = files();
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the refusal counts `?` and `@` times the length, against MAX_EXTGLOB_SCAN', () => {
    assert.equal(shellParseRefusal('ls a? b@c'), undefined);
    assert.equal(shellParseRefusal('a?'.repeat(250)), undefined, '250 marks in 500 characters is within the limit');
    const n = Math.ceil(Math.sqrt(MAX_EXTGLOB_SCAN)) + 1;
    assert.match(shellParseRefusal('@'.repeat(n)) ?? '', new RegExp(`holds ${n} `));
    assert.equal(shellParseRefusal('a'.repeat(100_000)), undefined, 'no marks: parsed whatever the length');
  });

  it('claude Bash: ask, with the reason in the trace', async () => {
    const text = await evalText(path.join(dir, '.claude/settings.json'), { tool: 'Bash', command: HOSTILE }, true);
    assert.match(text, /^ask\b/);
    assert.match(text, REASON);
  });

  it('codex bash -lc: a script allowed as a whole argv is at most prompt, with the reason', async () => {
    for (const trace of [false, true]) {
      const text = await evalText(path.join(dir, '.codex/rules/default.rules'), { command: ['bash', '-lc', HOSTILE] }, trace);
      assert.match(text, /^prompt\b/);
      assert.match(text, REASON);
    }
    // `@` alone is no glob to Codex: it would split a plain script of such words, so no allow either.
    const at = await evalText(path.join(dir, '.codex/rules/default.rules'), { command: ['bash', '-lc', 'a@'.repeat(4000)] }, false);
    assert.match(at, /^prompt\b/);
  });

  it('gemini: ask_user in yolo mode too (not the "does not parse" path), deny when not interactive', async () => {
    const file = path.join(dir, '.gemini/policies/policy.toml');
    for (const mode of ['default', 'yolo'] as const) {
      const text = await evalText(file, { tool: 'run_shell_command', args: { command: HOSTILE }, mode, interactive: true }, false);
      assert.match(text, /^ask_user\b/, mode);
      assert.match(text, REASON);
    }
    const batch = await evalText(file, { tool: 'run_shell_command', args: { command: HOSTILE }, mode: 'default', interactive: false }, true);
    assert.match(batch, /^deny\b/);
    assert.match(batch, /non-interactive session/);
    assert.match(batch, REASON);
  });
});
