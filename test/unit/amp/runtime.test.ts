import { strict as assert } from 'assert';
import { evaluateAmp, lintAmp, parseAmp, type AmpRequest } from '../../../shared/dialects/amp';

/**
 * Amp's runtime steps around the list walk (`A_e`, `pW`, `o_e`, `tst`/`Znt` in main.js of
 * @ampcode/cli 0.0.1790142911-g7618fb), which `amp permissions test` does not show.
 */
const WS = '/work/p/.amp/settings.json';
const USER = '/home/u/.config/amp/settings.json';
const bash = (cmd: string, extra: Partial<AmpRequest> = {}): AmpRequest => ({ tool: 'Bash', args: { cmd }, context: 'thread', interactive: true, ...extra });
const ctx = { home: '/home/u', root: '/work/p' };

describe('amp: runtime steps', () => {
  it('R1: no permission setting at all: the plugin is not registered and every call runs', () => {
    const rs = parseAmp({ path: WS, text: '{"amp.mcpServers": {}}' });
    assert.equal(evaluateAmp(rs, bash('rm -rf /'), ctx).decision, 'allow');
    assert.ok(lintAmp(rs).some((f) => f.code === 'amp-plugin-off'));
  });

  it('an empty permissions list still counts as configured (assumed: the stricter reading)', () => {
    const rs = parseAmp({ path: WS, text: '{"amp.permissions": []}' });
    const v = evaluateAmp(rs, bash('rm -rf build'), ctx);
    assert.equal(v.decision, 'ask');
    assert.ok(v.trace.notes.some((n) => n.startsWith('assumed:')));
  });

  it('R2: dangerouslyAllowAll in the workspace file allows everything, and is an error lint', () => {
    const rs = parseAmp({ path: WS, text: '{"amp.dangerouslyAllowAll": true, "amp.permissions": [{"tool": "*", "action": "reject"}]}' });
    assert.equal(evaluateAmp(rs, bash('rm -rf /'), ctx).decision, 'allow');
    assert.ok(lintAmp(rs).some((f) => f.code === 'amp-allow-all-committed' && f.severity === 'error'));
  });

  it('a workspace dangerouslyAllowAll: false wins over the user\'s true (workspace ?? user)', () => {
    const rs = parseAmp({ path: WS, text: '{"amp.dangerouslyAllowAll": false}' }, { userSettings: { path: USER, text: '{"amp.dangerouslyAllowAll": true}' } });
    assert.equal(evaluateAmp(rs, bash('rm -rf build'), ctx).decision, 'ask');
  });

  it('R3: workspace entries come before the user\'s: a repository allow beats a user reject', () => {
    const rs = parseAmp({ path: WS, text: '{"amp.permissions": [{"tool": "Bash", "action": "allow"}]}' }, { userSettings: { path: USER, text: '{"amp.permissions": [{"tool": "Bash", "matches": {"cmd": "rm *"}, "action": "reject"}]}' } });
    const v = evaluateAmp(rs, bash('rm -rf x'), ctx);
    assert.equal(v.decision, 'allow');
    assert.equal(rs.rules.find((r) => r.file === USER)?.layer, 'user settings');
    assert.ok(lintAmp(rs).some((f) => f.code === 'amp-workspace-override'));
  });

  it('equal entries in both files are kept once (de-duplicated by their JSON text)', () => {
    const e = '{"amp.permissions": [{"tool": "Bash", "matches": {"cmd": "ls"}, "action": "reject"}]}';
    const rs = parseAmp({ path: WS, text: e }, { userSettings: { path: USER, text: e } });
    assert.equal(rs.rules.filter((r) => r.ampLayer !== 'built-in').length, 3);
  });

  it('R4: a guarded file asks before the rules, even when an entry allows the tool', () => {
    const rs = parseAmp({ path: WS, text: '{"amp.permissions": [{"tool": "edit_file", "action": "allow"}]}' });
    assert.equal(evaluateAmp(rs, { tool: 'edit_file', args: { path: '/work/p/.env' }, context: 'thread', interactive: true }, ctx).decision, 'ask');
    assert.equal(evaluateAmp(rs, { tool: 'edit_file', args: { path: '/work/p/src/a.ts' }, context: 'thread', interactive: true }, ctx).decision, 'allow');
    assert.equal(evaluateAmp(rs, { tool: 'edit_file', args: { path: '/home/u/.bashrc' }, context: 'thread', interactive: true }, ctx).decision, 'ask');
  });

  it('the guarded allowlist lets a path through; a reject still rejects after the guard', () => {
    const rs = parseAmp({ path: WS, text: '{"amp.guardedFiles.allowlist": ["/work/p/.env"], "amp.permissions": [{"tool": "edit_file", "matches": {"path": "*.key"}, "action": "reject"}]}' });
    assert.equal(evaluateAmp(rs, { tool: 'edit_file', args: { path: '/work/p/.env' }, context: 'thread', interactive: true }, ctx).decision, 'allow');
    assert.equal(evaluateAmp(rs, { tool: 'edit_file', args: { path: '/work/p/.ssh/a.key' }, context: 'thread', interactive: true }, ctx).decision, 'deny');
  });

  it('an unknown home leaves the guarded check unmade: never allowed', () => {
    const rs = parseAmp({ path: WS, text: '{"amp.permissions": [{"tool": "edit_file", "action": "allow"}]}' });
    assert.equal(evaluateAmp(rs, { tool: 'edit_file', args: { path: '/work/p/src/a.ts' }, context: 'thread', interactive: true }, {}).decision, 'ask');
  });

  it('without a UI an ask is refused; rejectPermissionPrompts refuses an ask', () => {
    const rs = parseAmp({ path: WS, text: '{"amp.permissions": [{"tool": "Bash", "action": "ask"}]}' });
    assert.equal(evaluateAmp(rs, bash('ls', { interactive: false }), ctx).decision, 'deny');
    assert.equal(evaluateAmp(rs, bash('ls', { rejectPrompts: true }), ctx).decision, 'deny');
  });

  it('a delegate is at most ask unless its answer is pinned (exit 0 allow, 1 ask, other reject)', () => {
    const rs = parseAmp({ path: WS, text: '{"amp.permissions": [{"tool": "Bash", "action": "delegate", "to": "helper"}]}' });
    assert.equal(evaluateAmp(rs, bash('ls'), ctx).decision, 'ask');
    assert.deepEqual([0, 1, 2].map((delegateExit) => evaluateAmp(rs, bash('ls', { delegateExit }), ctx).decision), ['allow', 'ask', 'deny']);
  });

  it('a settings file with a JSON error is read as no settings', () => {
    const rs = parseAmp({ path: WS, text: '{"amp.permissions": [' });
    assert.ok(rs.unreadable);
    assert.ok(rs.findings.some((f) => f.severity === 'error'));
  });

  it('a regex RuleLens cannot match linearly (a backreference) is never guessed: at most ask', () => {
    const rs = parseAmp({ path: WS, text: JSON.stringify({ 'amp.permissions': [{ tool: 'Bash', matches: { cmd: '/^(\\w+) \\1$/' }, action: 'reject' }, { tool: 'Bash', action: 'allow' }] }) });
    const v = evaluateAmp(rs, bash('go go'), ctx);
    assert.notEqual(v.decision, 'allow');
  });

  it('a hostile regex and a long command end at once (no backtracking engine runs them)', () => {
    const rs = parseAmp({ path: WS, text: JSON.stringify({ 'amp.permissions': [{ tool: 'Bash', matches: { cmd: '/^(a+)+$/' }, action: 'allow' }] }) });
    const v = evaluateAmp(rs, bash(`${'a'.repeat(5000)}!`), ctx);
    assert.notEqual(v.decision, 'allow');
  });

  it('the built-in holes are reported as a warning with the call Amp allows', () => {
    const rs = parseAmp({ path: WS, text: '{"amp.permissions": [{"tool": "Bash", "matches": {"cmd": "git push*"}, "action": "ask"}]}' });
    const f = lintAmp(rs).find((x) => x.code === 'amp-builtin-hole');
    assert.ok(f && f.severity === 'warning');
    assert.match(f.message, /ls -la && rm -rf build/);
    assert.equal(evaluateAmp(rs, bash('ls -la && rm -rf build'), ctx).decision, 'allow', 'decided exactly as Amp does');
  });
});
