import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from './helpers';

/** An oh-my-pi config whose entries 2 and 3 the agent drops: `rm * deny` is entry 4. */
function ompProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-num-'));
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({
    tools: { approvalMode: 'always-ask' },
    bash: { patterns: [{ match: 'printf *', approval: 'allow' }, { match: 5, approval: 'deny' }, { approval: 'deny' }, { match: 'rm *', approval: 'deny' }, { match: '*', approval: 'prompt' }] },
  }, null, 2));
  fs.writeFileSync(path.join(dir, 'config.requests.json'), JSON.stringify({ requests: [{ name: 'rm', command: 'rm -rf /', expect: { decision: 'deny', rule: 3 } }] }, null, 2));
  return dir;
}

describe('cli: one rule numbering', () => {
  it('oh-my-pi: "rule N" follows the file\'s entries, dropped entries keep their number', () => {
    const dir = ompProject();
    const r = cli(['eval', 'config.json', '--request', '{"command":"rm -rf /"}'], { cwd: dir });
    assert.match(r.stdout, /^deny — rule 4: rm \* deny/);
    assert.match(r.stdout, /\n {6}4\. whole command/);
    assert.doesNotMatch(r.stdout, /rule 2: rm/);
    assert.match(cli(['check', '.'], { cwd: dir }).stdout, /✓ rm: deny — rule 4: rm \* deny\n/);
  });

  it('JSON rule.index is the text number less one, in eval and check, and expect {rule} uses it', () => {
    const dir = ompProject();
    const ev = JSON.parse(cli(['eval', 'config.json', '--request', '{"command":"rm -rf /"}', '--format', 'json'], { cwd: dir }).stdout);
    assert.equal(ev.rule.index, 3);
    const check = cli(['check', '.', '--format', 'json'], { cwd: dir });
    const req = JSON.parse(check.stdout).files[0].requests[0];
    assert.equal(req.rule.index, 3);
    assert.equal(req.pass, true, 'expect {"rule": 3} is entry 4');
    assert.equal(check.code, 0, check.stdout);
  });

  it('other dialects: index + 1 is the number shown', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-num-'));
    fs.writeFileSync(path.join(dir, 'opencode.json'), JSON.stringify({ permissions: [{ action: 'edit', resource: '*', effect: 'ask' }, { action: 'edit', resource: 'secrets/*', effect: 'deny' }] }));
    const text = cli(['eval', 'opencode.json', '--request', '{"action":"edit","resources":["secrets/a"]}'], { cwd: dir }).stdout;
    const json = JSON.parse(cli(['eval', 'opencode.json', '--request', '{"action":"edit","resources":["secrets/a"]}', '--format', 'json'], { cwd: dir }).stdout);
    assert.match(text, /^deny — rule 2: edit secrets\/\* deny/);
    assert.equal(json.rule.index, 1);
  });
});
