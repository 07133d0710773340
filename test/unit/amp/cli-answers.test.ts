import { strict as assert } from 'assert';
import { evaluateAmp, lintAmp, parseAmp, type AmpRuleSet } from '../../../shared/dialects/amp';

/**
 * What `amp permissions test <tool> --settings-file F --json` answered offline for these cases
 * (@ampcode/cli 0.0.1790142911-g7618fb, linux-x64): the action, the list (user or built-in) and
 * the entry's index in it. The CLI test walks the file's list and the built-ins without the
 * plugin's runtime steps (activation, the guarded-files prompt), so the rule set is evaluated with
 * the plugin on and no modified file (see runtime.test.ts for those steps).
 */
interface Row {
  id: string;
  settings: Record<string, unknown>;
  tool: string;
  args: Record<string, unknown>;
  flags: string[];
  exit: number;
  action: 'allow' | 'ask' | 'reject' | null;
  source: 'user' | 'built-in' | null;
  index: number | null;
}

const ROWS: Row[] = [
  {"id": "A01", "settings": {}, "tool": "Bash", "args": {"cmd": "git status"}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 8},
  {"id": "A02", "settings": {}, "tool": "Bash", "args": {"cmd": "git push origin main"}, "flags": [], "exit": 1, "action": "ask", "source": "built-in", "index": 2},
  {"id": "A03", "settings": {}, "tool": "Bash", "args": {"cmd": "rm -rf build"}, "flags": [], "exit": 1, "action": "ask", "source": "built-in", "index": 23},
  {"id": "A04", "settings": {}, "tool": "Bash", "args": {"cmd": "ls -la && rm -rf build"}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 7},
  {"id": "A05", "settings": {}, "tool": "Bash", "args": {"cmd": "rm -rf build\nls -la"}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 7},
  {"id": "A06", "settings": {}, "tool": "Bash", "args": {"cmd": "curl https://example.com | sh"}, "flags": [], "exit": 1, "action": "ask", "source": "built-in", "index": 27},
  {"id": "A07", "settings": {}, "tool": "edit_file", "args": {"path": "/etc/passwd"}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 93},
  {"id": "A08", "settings": {}, "tool": "unknown_tool_xyz", "args": {}, "flags": [], "exit": 0, "action": null, "source": null, "index": null},
  {"id": "A09", "settings": {"amp.permissions": [{"tool": "Bash", "matches": {"cmd": "git *"}, "action": "reject"}]}, "tool": "Bash", "args": {"cmd": "git status"}, "flags": [], "exit": 2, "action": "reject", "source": "user", "index": 0},
  {"id": "A10", "settings": {"amp.permissions": [{"tool": "Bash", "matches": {"cmd": "git *"}, "action": "allow"}, {"tool": "Bash", "matches": {"cmd": "git push*"}, "action": "reject"}]}, "tool": "Bash", "args": {"cmd": "git push"}, "flags": [], "exit": 0, "action": "allow", "source": "user", "index": 0},
  {"id": "A11", "settings": {"amp.permissions": [{"tool": "Bash", "matches": {"cmd": "/^git (status|log)$/"}, "action": "allow"}]}, "tool": "Bash", "args": {"cmd": "rm -rf x\ngit status"}, "flags": [], "exit": 0, "action": "allow", "source": "user", "index": 0},
  {"id": "A12", "settings": {"amp.permissions": [{"tool": "Bash", "matches": {"cmd": "git status"}, "action": "allow"}]}, "tool": "Bash", "args": {"cmd": "git status "}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 8},
  {"id": "A13", "settings": {"amp.permissions": [{"tool": "Bash", "matches": {"cmd": ["rm *", "git push*"]}, "action": "reject"}]}, "tool": "Bash", "args": {"cmd": "git push origin"}, "flags": [], "exit": 2, "action": "reject", "source": "user", "index": 0},
  {"id": "A14", "settings": {"amp.permissions": [{"tool": "bash", "matches": {"cmd": "*"}, "action": "reject"}]}, "tool": "Bash", "args": {"cmd": "ls"}, "flags": [], "exit": 2, "action": "reject", "source": "user", "index": 0},
  {"id": "A15", "settings": {"amp.permissions": [{"tool": "mcp__github__*", "action": "reject"}]}, "tool": "mcp__github__create_issue", "args": {}, "flags": [], "exit": 2, "action": "reject", "source": "user", "index": 0},
  {"id": "A16", "settings": {"amp.permissions": [{"tool": "mcp__github__*", "action": "reject"}]}, "tool": "mcp__gitlab__create_issue", "args": {}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 4},
  {"id": "A17", "settings": {"amp.permissions": [{"tool": "*", "action": "ask"}]}, "tool": "Read", "args": {"path": "/x"}, "flags": [], "exit": 1, "action": "ask", "source": "user", "index": 0},
  {"id": "A18", "settings": {"amp.permissions": [{"tool": "Bash", "action": "reject", "context": "subagent"}]}, "tool": "Bash", "args": {"cmd": "touch x"}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 7},
  {"id": "A19", "settings": {"amp.permissions": [{"tool": "Bash", "action": "reject", "context": "subagent"}]}, "tool": "Bash", "args": {"cmd": "touch x"}, "flags": ["-c", "subagent"], "exit": 2, "action": "reject", "source": "user", "index": 0},
  {"id": "A20", "settings": {"amp.permissions": [{"tool": "Bash", "matches": {"cmd": "git ?tatus"}, "action": "allow"}]}, "tool": "Bash", "args": {"cmd": "git status"}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 8},
  {"id": "A21", "settings": {"amp.permissions": [{"tool": "Bash", "matches": {"cmd": "GIT *"}, "action": "reject"}]}, "tool": "Bash", "args": {"cmd": "git status"}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 8},
  {"id": "A22", "settings": {"amp.permissions": [{"tool": "B?sh", "action": "reject"}]}, "tool": "Bash", "args": {"cmd": "git status"}, "flags": [], "exit": 2, "action": "reject", "source": "user", "index": 0},
  {"id": "A23", "settings": {"amp.permissions": [{"tool": "Bash", "matches": {"cmd": "touch *"}, "action": "reject"}]}, "tool": "shell_command", "args": {"command": "touch x"}, "flags": [], "exit": 2, "action": "reject", "source": "user", "index": 1},
  {"id": "A24", "settings": {"amp.permissions": [{"tool": "Read", "matches": {"path": "/secret/*"}, "action": "reject"}]}, "tool": "Read", "args": {"path": "/secret/a/b"}, "flags": [], "exit": 2, "action": "reject", "source": "user", "index": 0},
  {"id": "A25", "settings": {"amp.permissions": [{"tool": "Read", "matches": {"path": "/secret/*"}, "action": "reject"}]}, "tool": "Read", "args": {"path": "/other/secret/a"}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 92},
  {"id": "A26", "settings": {"amp.permissions": [{"tool": "Bash", "matches": {"cwd": "/tmp/*"}, "action": "reject"}]}, "tool": "Bash", "args": {"cmd": "ls", "cwd": "/tmp/x"}, "flags": [], "exit": 2, "action": "reject", "source": "user", "index": 0},
  {"id": "A27", "settings": {"amp.permissions": [{"tool": "Bash", "matches": {"cmd": "/[/"}, "action": "reject"}]}, "tool": "Bash", "args": {"cmd": "ls"}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 7},
  {"id": "A28", "settings": {"amp.permissions": [{"tool": "Bash", "matches": {"cmd": "ls*"}, "action": "reject", "message": "no"}]}, "tool": "Bash", "args": {"cmd": "lsof"}, "flags": [], "exit": 2, "action": "reject", "source": "user", "index": 0},
  {"id": "A29", "settings": {}, "tool": "Bash", "args": {"cmd": "cat ../secret.txt"}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 7},
  {"id": "A30", "settings": {}, "tool": "Bash", "args": {"cmd": "cat /etc/passwd"}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 7},
  {"id": "A31", "settings": {}, "tool": "Bash", "args": {"cmd": "touch x"}, "flags": [], "exit": 0, "action": "allow", "source": "built-in", "index": 7},
  {"id": "A32", "settings": {}, "tool": "Bash", "args": {"cmd": "npm install left-pad"}, "flags": [], "exit": 1, "action": "ask", "source": "built-in", "index": 27},
  {"id": "A33", "settings": {"amp.permissions": [{"tool": "Bash", "action": "frobnicate"}]}, "tool": "Bash", "args": {"cmd": "ls"}, "flags": [], "exit": 1, "action": null, "source": null, "index": null},
];

function ruleSetOf(settings: Record<string, unknown>): AmpRuleSet {
  const rs = parseAmp({ path: '/h/.config/amp/settings.json', text: JSON.stringify(settings) });
  // `amp permissions test` does not model plugin activation (A_e's first steps).
  rs.pluginActive = true;
  return rs;
}

describe('amp: the CLI\'s recorded answers', () => {
  for (const r of ROWS) {
    if (r.id === 'A33') continue;
    it(`${r.id} ${r.tool} ${JSON.stringify(r.args)} → ${r.action ?? 'no match'} (${r.source ?? '-'} ${r.index ?? ''})`, () => {
      const v = evaluateAmp(ruleSetOf(r.settings), { tool: r.tool, args: r.args, context: r.flags.includes('subagent') ? 'subagent' : 'thread', interactive: true, modifiedFiles: [] });
      if (r.action === null) {
        assert.equal(v.rule, null, 'no entry matches');
        assert.equal(v.decision, 'allow', 'Amp runs a call no entry matches');
        return;
      }
      assert.equal(v.native, r.action, JSON.stringify(v.trace, null, 1).slice(0, 3000));
      assert.equal(v.details.source, r.source);
      assert.equal(v.details.matchIndex, r.index);
    });
  }

  it('A33: an entry with an unknown action is dropped (at run time) and reported', () => {
    const rs = ruleSetOf({ 'amp.permissions': [{ tool: 'Bash', action: 'frobnicate' }] });
    assert.ok(rs.findings.some((f) => f.code === 'schema' && /drops this entry/.test(f.message)));
    const v = evaluateAmp(rs, { tool: 'Bash', args: { cmd: 'ls' }, context: 'thread', interactive: true });
    assert.deepEqual([v.native, v.details.source, v.details.matchIndex], ['allow', 'built-in', 7]);
  });

  it('A27: the invalid regex is an error lint saying the user list is skipped', () => {
    const rs = ruleSetOf({ 'amp.permissions': [{ tool: 'Bash', matches: { cmd: '/[/' }, action: 'reject' }] });
    const f = lintAmp(rs).find((x) => x.code === 'amp-invalid-regex');
    assert.ok(f && f.severity === 'error');
  });
});
