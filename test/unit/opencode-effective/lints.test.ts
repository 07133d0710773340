import { strict as assert } from 'assert';
import { parseOpencode } from '../../../shared/dialects/opencode/parse';
import { lintRuleSet } from '../../../shared/check/check-file';
import { opencode } from '../../../shared/dialects/opencode';

const lint = (config: unknown) => lintRuleSet(opencode, parseOpencode({ path: '/p/opencode.json', text: JSON.stringify(config, null, 2) }, { home: '/h', root: '/p' }));

describe('OpenCode lints over the effective list', () => {
  it('a user deny is not dead because built-in rules exist, and no finding points at a built-in rule', () => {
    const fs = lint({ permission: { edit: { 'secrets/*': 'deny' } } });
    assert.deepEqual(fs.filter((f) => f.code === 'dead-rule' || f.code === 'shadowed-deny'), []);
    for (const f of fs) assert.ok(f.range.start.line > 0 || f.range.start.character > 0, `${f.code} at 0:0`);
  });

  it('a top-level deny a later per-agent "*": "ask" overrides is a warning', () => {
    const fs = lint({ permission: { edit: { 'secrets/*': 'deny' } }, agent: { build: { permission: { '*': 'ask' } } } });
    const f = fs.find((x) => x.code === 'overridden-deny');
    assert.ok(f, fs.map((x) => x.code).join());
    assert.equal(f.severity, 'warning');
  });

  it('V2 spellings: a shell rule is a command rule for the lints', () => {
    const fs = lint({ permissions: [{ action: 'shell', resource: 'python *', effect: 'allow' }] });
    assert.ok(fs.some((f) => f.code === 'allow-runs-anything'), fs.map((x) => x.code).join());
  });
});
