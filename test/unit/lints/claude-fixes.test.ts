import { strict as assert } from 'assert';
import { LEXICAL_FS } from '../../../shared/model';
import { evaluateClaude, initShellParser, lintClaude, parseClaude } from '../../../shared/dialects/claude';
import { addRuleEdits, applyOffsetEdits, removeDefaultModeEdits, type ClaudeQuickFix } from '../../../shared/dialects/claude/fixes';
import type { ClaudeRequest } from '../../../shared/dialects/claude/types';

/*
 * The quick fixes the claude lints compute: each is applied to the text, the file parsed again, and
 * every decision the fix promises re-evaluated; the finding's own witness must no longer hold
 * where the fix is meant to close it.
 */
const PATH = '/proj/.claude/settings.json';
const parse = (text: string) => parseClaude({ path: PATH, text }, { home: '/home/u' });
const layout = (permissions: object) => JSON.stringify({ permissions }, null, 2) + '\n';

function fixesOf(text: string, code: string): Array<{ fix: ClaudeQuickFix; witness?: string; after: string }> {
  return lintClaude(parse(text))
    .filter((f) => f.code === code && f.data?.quickFix)
    .map((f) => {
      const fix = f.data!.quickFix as ClaudeQuickFix;
      return { fix, witness: f.witness, after: applyOffsetEdits(text, fix.edits) };
    });
}

const decide = (text: string, req: ClaudeRequest) => evaluateClaude(parse(text), req, { fs: LEXICAL_FS }).decision;

describe('claude quick fixes, applied and re-evaluated', () => {
  before(initShellParser);

  for (const deny of ['Bash(rm -rf *)', 'Bash(rm -rf:*)', 'Bash(git clean -fd *)', 'Bash(git push -uf *)']) {
    it(`deny-narrower-than-it-looks: ${deny} gets the spellings that dodged it`, () => {
      const text = layout({ deny: [deny], allow: ['Bash(ls *)'] });
      const found = fixesOf(text, 'deny-narrower-than-it-looks');
      assert.equal(found.length, 1, `no proved fix for ${deny}`);
      const { fix, witness, after } = found[0];
      assert.ok(fix.proves.length > 0);
      for (const p of fix.proves) {
        assert.notEqual(decide(text, p.request), 'deny', `${JSON.stringify(p.request)} was already denied`);
        assert.equal(decide(after, p.request), p.decision, JSON.stringify(p.request));
      }
      assert.equal(decide(after, { tool: 'Bash', command: witness! }), 'deny', `witness ${witness}`);
      // The edit only appends to the deny list: the original rules are all still there.
      const before = JSON.parse(text).permissions;
      const now = JSON.parse(after).permissions;
      assert.deepEqual(now.deny.slice(0, before.deny.length), before.deny);
      assert.deepEqual(now.allow, before.allow);
    });
  }

  for (const [deny, allow] of [
    // Readers and writers whose paths Claude Code does not check (grep, tee and base64 it does: the deny applies).
    ['Read(./.env)', 'Bash(less:*)'],
    ['Read(./secrets/**)', 'Bash(xxd:*)'],
    ['Edit(./config/prod.yml)', 'Bash(truncate:*)'],
    ['Read(~/.aws/credentials)', 'Bash(more:*)'],
  ]) {
    it(`cross-tool-bypass: ${allow} past ${deny} gets a Bash deny on the same path`, () => {
      const text = layout({ deny: [deny], allow: [allow] });
      const found = fixesOf(text, 'cross-tool-bypass');
      assert.equal(found.length, 1, `no proved fix for ${allow} / ${deny}`);
      const { fix, witness, after } = found[0];
      assert.equal(decide(text, { tool: 'Bash', command: witness! }), 'allow');
      assert.equal(decide(after, { tool: 'Bash', command: witness! }), 'deny');
      for (const p of fix.proves) assert.equal(decide(after, p.request), p.decision);
      // A deny only narrows: the file tools stay denied.
      const fileTool = deny.startsWith('Read') ? 'Read' : 'Edit';
      const file = fix.proves[0].request.command!.split(' ').pop()!;
      assert.equal(decide(after, { tool: fileTool, path: file }), 'deny');
    });
  }

  it('bypass-mode-committed: the key goes, with its comma, in any position', () => {
    for (const permissions of [
      { defaultMode: 'bypassPermissions', allow: ['Bash(ls *)'] },
      { allow: ['Bash(ls *)'], defaultMode: 'bypassPermissions' },
      { defaultMode: 'bypassPermissions' },
    ]) {
      const text = layout(permissions);
      const [{ after }] = fixesOf(text, 'bypass-mode-committed');
      const { defaultMode: _gone, ...rest } = permissions as Record<string, unknown>;
      assert.deepEqual(JSON.parse(after).permissions, rest, after);
      assert.deepEqual(lintClaude(parse(after)).filter((f) => f.code === 'bypass-mode-committed'), []);
    }
  });

  it('edits keep the file’s layout: one line stays one line, comments stay', () => {
    const text = '{"permissions": {"deny": ["Bash(rm -rf *)"], "allow": []}}';
    assert.equal(applyOffsetEdits(text, addRuleEdits(text, 'deny', ['Bash(rm -fr *)'])), '{"permissions": {"deny": ["Bash(rm -rf *)", "Bash(rm -fr *)"], "allow": []}}');
    const jsonc = '{\n  // team rules\n  "permissions": {\n    "allow": [\n      "Bash(ls *)"\n    ]\n  }\n}\n';
    const added = applyOffsetEdits(jsonc, addRuleEdits(jsonc, 'allow', ['Bash(pwd)']));
    assert.equal(added, '{\n  // team rules\n  "permissions": {\n    "allow": [\n      "Bash(ls *)",\n      "Bash(pwd)"\n    ]\n  }\n}\n');
    // A missing list is created (Claude Code reads strict JSON only, so no comment here).
    const plain = '{\n  "permissions": {\n    "allow": [\n      "Bash(ls *)"\n    ]\n  }\n}\n';
    const created = applyOffsetEdits(plain, addRuleEdits(plain, 'deny', ['Bash(rm -fr *)']));
    assert.deepEqual(parse(created).rules.map((r) => `${r.tier} ${r.text}`), ['deny Bash(rm -fr *)', 'allow Bash(ls *)']);
    assert.equal(removeDefaultModeEdits(jsonc), undefined);
  });
});
