import { strict as assert } from 'assert';
import { copilot, parseCopilot } from '../../../shared/dialects/copilot';
import { qwen, parseQwenPolicy } from '../../../shared/dialects/qwen';
import { initShellParser } from '../../../shared/host/shell-parser';

describe('copilot and qwen: witness search for diff', () => {
  before(initShellParser);

  it('copilot: dropping a deny flag shows the command it refused, confirmed under both versions', () => {
    const base = parseCopilot({ path: '/r/.github/copilot/p.flags', text: '--allow-tool shell(git:*)\n--deny-tool shell(git push)\n' });
    const current = parseCopilot({ path: '/r/.github/copilot/p.flags', text: '--allow-tool shell(git:*)\n' });
    const r = copilot.witnesses!.flips(base, current, [], { ctx: { root: '/r' } });
    const flip = r.flips.find((f) => f.request === 'bash: git push');
    assert.ok(flip, JSON.stringify(r.flips.map((f) => f.request)));
    assert.equal(flip.before, 'deny');
    assert.equal(flip.after, 'allow');
  });

  it('qwen: widening an allow shows a command it now allows', () => {
    const parse = (allow: string[]) => parseQwenPolicy({ path: '/p/.qwen/settings.json', text: JSON.stringify({ permissions: { allow } }) }, [], {});
    const r = qwen.witnesses!.flips(parse(['Bash(npm test)']), parse(['Bash(npm *)']), [], { ctx: { root: '/p' } });
    assert.ok(r.flips.some((f) => f.before === 'ask' && f.after === 'allow'), JSON.stringify(r.flips.map((f) => [f.request, f.before, f.after])));
  });
});
