import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseOpencode } from '../../../shared/dialects/opencode/parse';
import { evaluateOpencode } from '../../../shared/dialects/opencode/evaluate';
import { checkRuleFile } from '../../../shared/check/check-file';
import { nodeHost } from '../../../cli/io';

describe('OpenCode effective rules: the file alone and the global layer', () => {
  const text = JSON.stringify({ permission: { bash: { 'rm *': 'deny' } } });

  it('builtins: false evaluates the file alone (no rule matches: ask)', () => {
    const rs = parseOpencode({ path: 'opencode.json', text }, { builtins: false });
    assert.equal(rs.builtins, null);
    assert.equal(evaluateOpencode(rs, { action: 'bash', resources: ['ls'] }).decision, 'ask');
  });

  it('a requests file with "builtins": false pins the file alone for its requests', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rl-oc-'));
    try {
      fs.writeFileSync(path.join(dir, 'opencode.json'), text);
      const req = (builtins: boolean | undefined) => JSON.stringify({ ...(builtins === undefined ? {} : { builtins }), requests: [{ name: 'ls', action: 'bash', resources: ['ls'] }] });
      fs.writeFileSync(path.join(dir, 'opencode.requests.json'), req(false));
      assert.equal(checkRuleFile(path.join(dir, 'opencode.json'), nodeHost).results[0].verdict?.decision, 'ask');
      fs.writeFileSync(path.join(dir, 'opencode.requests.json'), req(undefined));
      assert.equal(checkRuleFile(path.join(dir, 'opencode.json'), nodeHost).results[0].verdict?.decision, 'allow');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a global config merges under the project file key by key; its rules name their layer', () => {
    const globalConfig = { path: '/g/opencode.json', text: JSON.stringify({ permission: { bash: { 'git *': 'allow', 'rm *': 'allow' }, edit: 'deny' } }) };
    const rs = parseOpencode({ path: '/p/opencode.json', text }, { home: '/h', globalConfig });
    // bash keeps the global position and merges both maps; the project's rm * deny replaces the global allow in place.
    const user = rs.order!.map((i) => rs.rules[i]).filter((r) => !r.layer?.startsWith('built-in')).map((r) => r.label);
    assert.deepEqual(user, ['bash git * allow — global config /g/opencode.json', 'bash rm * deny', 'edit * deny — global config /g/opencode.json']);
    assert.equal(evaluateOpencode(rs, { action: 'edit', resources: ['a'] }).decision, 'deny');
  });

  it('errors in the global file are reported with its path and line, never thrown', () => {
    const rs = parseOpencode({ path: '/p/opencode.json', text }, { globalConfig: { path: '/g/x.json', text: '{\n "permission": {"edit": "maybe"}}' } });
    assert.match(rs.findings.map((f) => f.message).join('\n'), /global config \/g\/x\.json, line 2: .*"maybe"/);
  });
});
