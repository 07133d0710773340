import { strict as assert } from 'assert';
import { initShellParser } from '../../../shared/dialects/claude';
import { cursorNeutralRequest, evaluateCursor, parseCursor } from '../../../shared/dialects/cursor';
import { ampNeutralRequest, evaluateAmp, parseAmp } from '../../../shared/dialects/amp';

describe('cursor and amp: neutral calls as their requests', () => {
  before(initShellParser);
  const cursorRs = parseCursor({ path: '/p/.cursor/cli.json', text: '{"permissions":{"allow":["Shell(git)","Read(src/**)","WebFetch(docs.python.org)","Mcp(github, create_issue)"],"deny":["Write(**/.env*)"]}}' });
  const ampRs = parseAmp({ path: '/p/.amp/settings.json', text: '{"amp.permissions":[{"tool":"Read","matches":{"path":"*/.env"},"action":"reject"},{"tool":"mcp__github__*","action":"ask"}]}' });
  const cases: Array<[Parameters<typeof cursorNeutralRequest>[0], string, string]> = [
    [{ kind: 'shell', command: 'git status' }, 'allow', 'allow'],
    [{ kind: 'read', path: 'src/a.ts' }, 'allow', 'allow'],
    [{ kind: 'read', path: '/p/.env' }, 'ask', 'deny'],
    [{ kind: 'write', path: '.env' }, 'deny', 'ask'],
    [{ kind: 'fetch', url: 'https://docs.python.org/3/' }, 'allow', 'allow'],
    [{ kind: 'mcp', server: 'github', tool: 'create_issue' }, 'allow', 'ask'],
  ];
  for (const [n, cursorWant, ampWant] of cases) {
    it(`${n.kind} ${JSON.stringify(n)} → cursor ${cursorWant}, amp ${ampWant}`, () => {
      const c = cursorNeutralRequest(n);
      const a = ampNeutralRequest(n);
      assert.ok('request' in c && 'request' in a);
      assert.equal(evaluateCursor(cursorRs, c.request, { root: '/p' }).decision, cursorWant);
      assert.equal(evaluateAmp(ampRs, a.request, { root: '/p', home: '/home/u' }).decision, ampWant);
    });
  }
});
