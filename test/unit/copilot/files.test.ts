import { strict as assert } from 'assert';
import { detectDialect } from '../../../shared/dialects';
import { evaluateCopilot, lintCopilot, parseCopilot } from '../../../shared/dialects/copilot';
import { parseClaudePolicy, claudeMembers } from '../../../shared/dialects/claude';
import { initShellParser } from '../../../shared/host/shell-parser';

const WORKFLOW = `jobs:
  fix:
    steps:
      - run: npm install -g @github/copilot
      - run: copilot -p "fix" --allow-tool 'shell(git:*)'
      - name: second
        run: |
          npx -y @github/copilot -p "review" \\
            --allow-tool "shell(touch)" \\
            --deny-tool 'shell(git push)'
`;

describe('copilot: files', () => {
  before(initShellParser);

  it('detects the flags file by name, and workflows and scripts by a copilot command with a permission flag', () => {
    assert.equal(detectDialect({ path: 'r/.github/copilot/permissions.flags', text: '' })?.id, 'copilot');
    assert.equal(detectDialect({ path: 'r/.github/workflows/agent.yml', text: WORKFLOW })?.id, 'copilot');
    assert.equal(detectDialect({ path: 'r/.github/workflows/ci.yml', text: 'jobs: {}' }), undefined);
    assert.equal(detectDialect({ path: 'r/scripts/agent.sh', text: 'copilot -p go --allow-all-tools\n' })?.id, 'copilot');
    assert.equal(detectDialect({ path: 'r/scripts/other.sh', text: 'echo copilot --allow-tool x\n' }), undefined);
  });

  it('reads each invocation of a workflow with its own flags, places included', () => {
    const rs = parseCopilot({ path: '/r/.github/workflows/agent.yml', text: WORKFLOW });
    assert.equal(rs.invocations.length, 2);
    assert.deepEqual(rs.rules.map((r) => [r.invocation, r.label]), [[0, '--allow-tool shell(git:*)'], [1, '--allow-tool shell(touch)'], [1, '--deny-tool shell(git push)']]);
    assert.equal(rs.rules[0].range.start.line, 4);
    assert.equal(evaluateCopilot(rs, { tool: 'bash', command: 'git push' }, { root: '/r' }).decision, 'allow');
    assert.equal(evaluateCopilot(rs, { tool: 'bash', command: 'git push', invocation: 2 }, { root: '/r' }).decision, 'deny');
    assert.equal(evaluateCopilot(rs, { tool: 'bash', command: 'touch a', invocation: 2 }, { root: '/r' }).decision, 'allow');
  });

  it('a flags file value is the rest of its line, commas split at depth 0', () => {
    const rs = parseCopilot({ path: '/r/.github/copilot/p.flags', text: '# c\n--allow-tool shell(git push), write(.env)\n--allow-url=github.com\n' });
    assert.deepEqual(rs.rules.map((r) => r.label), ['--allow-tool shell(git push)', '--allow-tool write(.env)', '--allow-url github.com']);
    assert.equal(rs.rules[1].range.start.character, 30);
  });

  it('lints foreign tool names, literal stars and allow-everything flags', () => {
    const rs = parseCopilot({ path: '/r/.github/copilot/p.flags', text: '--allow-tool Bash(git:*)\n--allow-tool shell(npm run *)\n--allow-all-tools\n' });
    assert.deepEqual(lintCopilot(rs).map((f) => f.code), ['copilot-foreign-kind', 'copilot-shell-glob', 'copilot-allow-all']);
  });

  it('a Claude settings file in a repository that runs Copilot CLI says its rules are ignored there', () => {
    const files: Record<string, string> = { '/r/.github/copilot-instructions.md': '# x', '/r/.claude/settings.json': '{"permissions":{"deny":["Bash(rm:*)"],"allow":["Read"]}}' };
    const host = { readFile: (p: string) => files[p], list: () => undefined };
    const file = { path: '/r/.claude/settings.json', text: files['/r/.claude/settings.json'] };
    const rs = parseClaudePolicy(file, claudeMembers(file, host, {}), {});
    const f = rs.findings.find((x) => x.code === 'copilot-ignores-permissions');
    assert.ok(f, 'finding present');
    assert.equal(f.severity, 'information');
    assert.equal(f.related?.length, 2);
    const alone = parseClaudePolicy(file, claudeMembers(file, { readFile: (p: string) => (p.endsWith('settings.json') ? files[p] : undefined) }, {}), {});
    assert.ok(!alone.findings.some((x) => x.code === 'copilot-ignores-permissions'));
  });
});
