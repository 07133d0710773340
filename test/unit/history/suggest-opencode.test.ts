import { strict as assert } from 'assert';
import { opencode } from '../../../shared/dialects/opencode';
import type { OpencodeRuleSet } from '../../../shared/dialects/opencode/rules';
import { initShellParser } from '../../../shared/host/shell-parser';
import { suggestOpencode } from '../../../shared/dialects/opencode/history/suggest';
import type { HistoryEntry } from '../../../shared/history/types';

const entry = (command: string, outcome: HistoryEntry['call']['outcome'] = 'approved', count = 1): HistoryEntry => ({
  call: { format: 'claude-session', tool: 'Bash', command, outcome },
  count,
  firstSeen: null,
  lastSeen: null,
  redacted: false,
  formats: ['claude-session'],
});

const CONFIG = `{
  "permission": {
    "bash": {
      "*": "ask",
      "npm *": "allow",
      "bash *": "allow",
      "git status": "allow"
    }
  }
}
`;

describe('history: suggest on OpenCode bash permissions', () => {
  before(() => initShellParser());
  const parse = (t: string) => opencode.parse({ path: '/p/opencode.json', text: t }, {});
  const decide = (rs: OpencodeRuleSet, command: string) => opencode.evaluate(rs, { action: 'bash', resources: [command] }, {}).decision;

  it('replaces broad patterns in place, keeps order, denies observed denials last, and proves it', () => {
    const entries = [entry('npm run build', 'approved', 4), entry('npm run lint'), entry('npm test && git status', 'approved', 2), entry('bash ./deploy.sh'), entry('npm publish', 'denied', 3)];
    const s = suggestOpencode(opencode, parse(CONFIG), CONFIG, parse, entries, {});
    assert.deepEqual(s.proof.approvedChanged, []);
    assert.deepEqual(s.proof.deniedAllowed, []);
    assert.deepEqual(s.proof.runsAnything, []);
    assert.deepEqual(Object.entries(JSON.parse(s.text).permission.bash), [
      ['*', 'ask'],
      ['npm run *', 'allow'],
      ['npm test', 'allow'],
      ['git status', 'allow'],
      ['npm publish', 'deny'],
    ]);
    const next = parse(s.text);
    for (const c of ['npm run build', 'npm run lint', 'npm test', 'git status']) assert.equal(decide(next, c), 'allow', c);
    assert.equal(decide(next, 'npm publish'), 'deny');
    assert.equal(decide(next, 'npm install evil'), 'ask', 'unobserved npm commands are asked again');
    assert.equal(decide(next, 'bash ./deploy.sh'), 'ask', 'runs-anything: never allowed by a suggestion');
    assert.deepEqual(s.left.map((l) => l.subject), ['bash ./deploy.sh']);
  });

  it('a pattern with an inner star is replaced by exact commands, never a broader prefix', () => {
    const config = '{ "permission": { "bash": { "*": "ask", "git * main": "allow" } } }';
    const s = suggestOpencode(opencode, parse(config), config, parse, [entry('git push origin main'), entry('git push upstream main')], {});
    assert.deepEqual(Object.keys(JSON.parse(s.text).permission.bash), ['*', 'git push origin main', 'git push upstream main']);
    assert.equal(decide(parse(s.text), 'git push origin dev'), 'ask');
  });
});
