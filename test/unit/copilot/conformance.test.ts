import { strict as assert } from 'assert';
import { evaluateCopilot, parseCopilot } from '../../../shared/dialects/copilot';
import { initShellParser } from '../../../shared/host/shell-parser';

/**
 * Cases run through the real `copilot` 1.0.102 binary (`-p … --output-format json`, a mock model
 * handing it one tool call, a fresh HOME and git repository as the working directory); the
 * expected decision is what the binary did. `interactive: true` shows the ask that `-p` turns
 * into "Permission denied because no interactive user response was available".
 */
const CASES: Array<[string, string, Record<string, string>, 'allow' | 'ask' | 'deny']> = [
  ['C01', '', { tool: 'bash', command: 'echo hi' }, 'allow'],
  ['C02', '', { tool: 'bash', command: 'touch x' }, 'ask'],
  ['C03', '--allow-tool=shell(touch)', { tool: 'bash', command: 'touch x' }, 'allow'],
  ['C04', '--allow-all-tools --deny-tool=shell(touch)', { tool: 'bash', command: 'touch x' }, 'deny'],
  ['C05', '--allow-tool=shell(git:*) --deny-tool=shell(git push)', { tool: 'bash', command: 'git push origin main' }, 'deny'],
  ['C06', '--allow-tool=shell(git:*)', { tool: 'bash', command: 'git commit --allow-empty -m x' }, 'allow'],
  ['C07', '--allow-tool=shell(git:*)', { tool: 'bash', command: 'gitea --version' }, 'ask'],
  ['C08', '--allow-tool=shell(npm run test:*)', { tool: 'bash', command: 'npm run test:unit' }, 'ask'],
  ['C09', '--allow-tool=shell(touch)', { tool: 'bash', command: 'touch x && rm x' }, 'ask'],
  ['C10', '--allow-tool=shell(touch) --allow-tool=shell(rm)', { tool: 'bash', command: 'touch x && rm x' }, 'allow'],
  ['C11', '--allow-tool=shell(curl)', { tool: 'bash', command: 'curl -s https://example.com' }, 'ask'],
  ['C12', '--allow-tool=shell(curl) --allow-url=example.com', { tool: 'bash', command: 'curl -s https://example.com' }, 'allow'],
  ['C13', '--allow-tool=shell(curl) --deny-url=example.com', { tool: 'bash', command: 'curl -s https://example.com' }, 'deny'],
  ['C14', '--allow-tool=shell(curl) --allow-url=example.com', { tool: 'bash', command: 'curl -s http://example.com' }, 'ask'],
  ['C15', '', { tool: 'create', path: 'new.txt' }, 'ask'],
  ['C16', '--allow-tool=write', { tool: 'create', path: 'new.txt' }, 'allow'],
  ['C17', '--allow-tool=write(.env)', { tool: 'create', path: 'sub/.env' }, 'allow'],
  ['C18', '--allow-tool=write --deny-tool=write(.env)', { tool: 'create', path: 'sub/.env' }, 'deny'],
  ['C19', '', { tool: 'view', path: '/etc/hostname' }, 'ask'],
  ['C20', '--allow-all-paths', { tool: 'view', path: '/etc/hostname' }, 'allow'],
  ['C21', '', { tool: 'view', path: 'README' }, 'allow'],
  ['C22', '', { tool: 'web_fetch', url: 'https://example.com/' }, 'ask'],
  ['C23', '--deny-url=example.com --allow-all-urls', { tool: 'web_fetch', url: 'https://example.com/' }, 'deny'],
  ['C24', '--allow-tool=shell(git)', { tool: 'bash', command: 'git commit --allow-empty -m x' }, 'ask'],
  ['C25', '--allow-tool=shell(touch:*)', { tool: 'bash', command: 'touch x' }, 'allow'],
  ['C26', '--allow-tool=shell(rm)', { tool: 'bash', command: 'rm -rf build' }, 'allow'],
  ['C27', '', { tool: 'bash', command: 'cat /etc/hostname' }, 'ask'],
  ['C28', '--allow-tool=shell', { tool: 'bash', command: 'touch x' }, 'allow'],
  ['C29', '--allow-tool=shell(echo)', { tool: 'bash', command: 'echo $(touch y)' }, 'ask'],
  ['C30', '', { tool: 'bash', command: 'echo hi > out.txt' }, 'ask'],
  ['C31', '--allow-tool=write', { tool: 'bash', command: 'echo hi > out.txt' }, 'allow'],
  ['C32', '--allow-tool=shell(touch)', { tool: 'bash', command: 'sudo touch x' }, 'ask'],
  ['C33', '--allow-tool=shell(git push)', { tool: 'bash', command: 'git push --force' }, 'allow'],
  ['C34', '--allow-tool=shell(gh pr create)', { tool: 'bash', command: 'gh pr create --fill' }, 'ask'],
  ['C35', '--allow-tool=shell(gh pr create)', { tool: 'bash', command: 'gh pr merge 1' }, 'ask'],
  ['C37', '--allow-tool=write(README)', { tool: 'edit', path: 'README' }, 'allow'],
  ['P01', '', { tool: 'bash', command: 'cat README' }, 'allow'],
  ['P02', '', { tool: 'bash', command: 'ls' }, 'allow'],
  ['P03', '', { tool: 'bash', command: 'pwd' }, 'allow'],
  ['P04', '', { tool: 'bash', command: 'git log --oneline' }, 'allow'],
  ['P07', '--allow-tool=shell(touch)', { tool: 'bash', command: 'FOO=1 touch x' }, 'allow'],
  ['P08', '--allow-tool=shell(curl) --allow-url=example.com', { tool: 'bash', command: 'curl -s https://sub.example.com' }, 'ask'],
  ['P09', '--allow-url=example.com', { tool: 'web_fetch', url: 'https://example.com/path' }, 'allow'],
  ['P10', '--allow-all-tools', { tool: 'bash', command: 'touch x' }, 'allow'],
  ['P11', '--allow-all-tools', { tool: 'web_fetch', url: 'https://example.com/' }, 'allow'],
  ['P13', '--allow-tool=shell(echo)', { tool: 'bash', command: 'echo hi > out.txt' }, 'ask'],
  ['P16', '--allow-tool=shell(touch),shell(rm)', { tool: 'bash', command: 'touch x && rm x' }, 'allow'],
  ['P17', '--allow-all-tools', { tool: 'bash', command: 'bash -c "touch x"' }, 'allow'],
  ['P18', '--allow-url=https://example.com/a', { tool: 'web_fetch', url: 'https://example.com/a/b' }, 'ask'],
  ['P19', '--allow-url=*.example.com', { tool: 'web_fetch', url: 'https://example.com/' }, 'allow'],
  ['P20', '--deny-url=*.example.com --allow-all-urls', { tool: 'web_fetch', url: 'https://example.com/' }, 'deny'],
  ['P22', '--allow-tool=shell(touch)', { tool: 'bash', command: 'touch /tmp/x' }, 'allow'],
];

const flagsFile = (flags: string) => parseCopilot({ path: '/project/.github/copilot/permissions.flags', text: flags.split(/ (?=--)/).join('\n') });

describe('copilot: conformance with the 1.0.102 binary', () => {
  before(initShellParser);
  for (const [id, flags, req, want] of CASES) {
    it(`${id}: ${flags || '(no flags)'} · ${req.tool} ${req.command ?? req.path ?? req.url} → ${want}`, () => {
      const v = evaluateCopilot(flagsFile(flags), { ...req, tool: req.tool, interactive: true }, { root: '/project' });
      assert.equal(v.decision, want, v.trace.branch);
    });
  }

  it('-p turns every ask into a denial, and leaves allows and denies alone', () => {
    const rs = parseCopilot({ path: '/p/run.sh', text: 'copilot -p "go" --allow-tool \'shell(touch)\' --deny-tool \'shell(rm)\'\n' });
    assert.equal(evaluateCopilot(rs, { tool: 'bash', command: 'mkdir x' }, { root: '/p' }).decision, 'deny');
    assert.equal(evaluateCopilot(rs, { tool: 'bash', command: 'mkdir x', interactive: true }, { root: '/p' }).decision, 'ask');
    assert.equal(evaluateCopilot(rs, { tool: 'bash', command: 'touch x' }, { root: '/p' }).decision, 'allow');
    assert.equal(evaluateCopilot(rs, { tool: 'bash', command: 'rm x' }, { root: '/p' }).decision, 'deny');
  });

  it('a malformed pattern stops the CLI: every request of that invocation is denied', () => {
    const rs = flagsFile('--allow-tool=shell(git:* --allow-all');
    assert.ok(rs.findings.some((f) => f.code === 'copilot-malformed-rule' && f.severity === 'error'));
    assert.equal(evaluateCopilot(rs, { tool: 'bash', command: 'echo hi', interactive: true }, { root: '/project' }).decision, 'deny');
  });
});
