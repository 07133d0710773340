import { strict as assert } from 'assert';
import { readOutcome, sameSubject } from '../../differential/claude/oracle';

/**
 * How the differential harness tells which prompt of a grouped CLI session belongs to which call, and
 * how it reads one answer. The CLI hands its PermissionRequest hook the file path with `.` and `..`
 * resolved; matched as written, an ask of `{{project}}/../outside/n2` went unseen and was read as a deny.
 */
describe('claude oracle: matching a prompt to its call', () => {
  it('a file path matches its normalized form (the CLI resolves `..` before it asks)', () => {
    assert.equal(sameSubject({ file_path: '/t/outside/n2', content: 'z\n' }, { file_path: '/t/project/../outside/n2', content: 'z\n' }), true);
    assert.equal(sameSubject({ file_path: '/t/project/a.txt' }, { file_path: '/t/project/./a.txt' }), true);
  });

  it('another path, or no path, does not match', () => {
    assert.equal(sameSubject({ file_path: '/t/outside/n3' }, { file_path: '/t/project/../outside/n2' }), false);
    assert.equal(sameSubject({}, { file_path: '/t/outside/n2' }), false);
    assert.equal(sameSubject({ file_path: 7 }, { file_path: '/t/outside/n2' }), false);
  });

  it('a command or URL must be the same text', () => {
    assert.equal(sameSubject({ command: 'cat a.txt', description: 'x' }, { command: 'cat a.txt' }), true);
    assert.equal(sameSubject({ command: 'cat  a.txt' }, { command: 'cat a.txt' }), false);
    assert.equal(sameSubject({ url: 'https://example.com/' }, { url: 'https://example.com' }), false);
  });
});

describe('claude oracle: reading an answer', () => {
  const out = (denials: unknown[]) => `${JSON.stringify({ type: 'result', permission_denials: denials })}\n`;
  const refusal = "Claude requested permissions to write to /t/outside/n2, but you haven't granted it yet.";

  it('a refusal whose prompt hook ran is an ask', () => {
    assert.equal(readOutcome(out([{ tool_use_id: 'toolu_rulelens_1' }]), { content: refusal, isError: true }, true, 'toolu_rulelens_1').decision, 'ask');
  });

  it('the same refusal with no prompt is a deny (why the prompt must be matched to its call)', () => {
    assert.equal(readOutcome(out([{ tool_use_id: 'toolu_rulelens_1' }]), { content: refusal, isError: true }, false, 'toolu_rulelens_1').decision, 'deny');
  });

  it('a Write of a symlink is refused without a prompt: deny', () => {
    const text = 'Refusing to write /t/project/dang: it is a symbolic link. Write to the link\'s target path instead: /t/outside/nope.';
    assert.equal(readOutcome(out([{ tool_use_id: 'toolu_rulelens_1' }]), { content: text, isError: true }, false, 'toolu_rulelens_1').decision, 'deny');
  });

  it('a tool that ran is an allow', () => {
    assert.equal(readOutcome(out([]), { content: 'a\n', isError: false }, false, 'toolu_rulelens_1').decision, 'allow');
  });
});
