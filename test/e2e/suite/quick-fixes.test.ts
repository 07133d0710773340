import * as assert from 'assert';
import * as vscode from 'vscode';
import { codeActions, codeOf, lineDiff, openFixture, plain, revert, rulelensDiagnostics, waitFor } from './helpers';

const entry = (line: string) => line.trim().replace(/,$/, '');

/**
 * Applies every quick fix offered on the findings of `rel` (one at a time, reverting after each)
 * and checks the change against the title; returns each single removal's line with its code.
 */
async function checkEach(rel: string, seen: Set<string>): Promise<Array<{ code: string; line: string }>> {
  const doc = await openFixture(rel);
  const original = doc.getText();
  const diags = await waitFor(`the findings of ${rel}`, () => rulelensDiagnostics(doc.uri), (d) => ['dead-rule', 'broad-catch-all'].every((c) => d.some((x) => codeOf(x) === c)));
  const removedBy: Array<{ code: string; line: string }> = [];
  const done = new Set<string>();
  const key = (ds: vscode.Diagnostic[]) => ds.map((x) => `${codeOf(x)}@${x.range.start.line}`).sort().join(' ');
  const settled = key(diags);
  for (const d of diags) {
    // Asked again after each fix: the actions are of the text as it is now, never of an edit since reverted.
    for (;;) {
      const actions = await codeActions(doc.uri, d.range);
      const a = actions.find((x) => x.edit && !done.has(x.title));
      if (!a) break;
      done.add(a.title);
      const uris = a.edit!.entries().map(([u]) => u.toString());
      if (/^Add stored request /.test(a.title)) {
        seen.add('add stored request');
        assert.ok(uris.every((u) => u.endsWith('.requests.json')), `${a.title}: touches the requests file only (${uris.join(', ')})`);
        continue;
      }
      if (/^Fix all \d+ /.test(a.title)) continue; // checked on its own below
      assert.deepStrictEqual(uris, [doc.uri.toString()], `${a.title}: edits this file only`);
      assert.ok(await vscode.workspace.applyEdit(plain(a.edit!)), a.title);
      const after = doc.getText();
      await revert(doc);
      await waitFor('the revert', () => doc.getText(), (t) => t === original);
      await waitFor('the findings of the reverted file', () => key(rulelensDiagnostics(doc.uri)), (k) => k === settled);
      const diff = lineDiff(original, after);
      const what = `${a.title}: -${JSON.stringify(diff.removed)} +${JSON.stringify(diff.added)} at line ${diff.at + 1}`;
      let m: RegExpExecArray | null;
      if ((m = /^Remove rule (\d+) \(\w+ (.+) \w+\)$/.exec(a.title))) {
        seen.add('remove');
        // The rule's line goes; at most a neighbour's trailing comma changes with it.
        const pattern = JSON.stringify(m[2]);
        const mine = diff.removed.filter((l) => l.includes(pattern));
        assert.strictEqual(mine.length, 1, what);
        assert.deepStrictEqual(diff.removed.filter((l) => !l.includes(pattern)).map(entry), diff.added.map(entry), what);
        const at = diff.at + diff.removed.indexOf(mine[0]);
        const finding = diags.find((x) => x.range.start.line === at);
        assert.ok(finding, `${what}: the line of a finding`);
        removedBy.push({ code: codeOf(finding), line: mine[0] });
      } else if ((m = /^Move rule \d+ \(\w+ (.+) \w+\) to the (?:end|start) of its list/.exec(a.title))) {
        seen.add('move');
        assert.deepStrictEqual([...diff.removed].map(entry).sort(), [...diff.added].map(entry).sort(), `${what}: the same entries, reordered`);
        assert.notDeepStrictEqual(diff.removed.map(entry), diff.added.map(entry), what);
      } else if ((m = /^Disable ([\w-]+) for this rule$/.exec(a.title))) {
        seen.add('disable for this rule');
        assert.deepStrictEqual(diff.removed, [], what);
        assert.deepStrictEqual(diff.added.map((l) => l.trim()), [`// rulelens-disable-next-line ${m[1]}`], what);
        // Just above the rule of the finding asked about (the comment pushes it one line down):
        // never a neighbour's, whichever earlier result the server still held.
        const code = m[1];
        const asked = diags.filter((x) => codeOf(x) === code && x.range.intersection(d.range));
        assert.ok(asked.some((x) => x.range.start.line === diff.at), `${what}: just above the rule of the ${code} finding asked about (line ${d.range.start.line + 1})`);
      } else if ((m = /^Disable ([\w-]+) for this file$/.exec(a.title))) {
        seen.add('disable for this file');
        assert.deepStrictEqual(diff.removed, [], what);
        assert.deepStrictEqual(diff.added, [`// rulelens-disable ${m[1]}`], what);
        assert.strictEqual(diff.at, 0, `${what}: on the first line`);
      } else {
        assert.fail(`a kind of fix this test does not check yet: ${what}`);
      }
    }
  }
  return removedBy;
}

// Each kind of quick fix, applied to a rule file and diffed: the change is what the title names.
suite('quick fixes change what their title says', () => {
  test('remove, move, disable for this rule / this file, fix all: each diffed against its title', async () => {
    const seen = new Set<string>();
    // Two forms of OpenCode rules: a permission object per tool (dead rules, Fix all) and the
    // ordered permissions list (a shadowed deny can be moved).
    const removedBy = await checkEach('fixes/opencode.json', seen);
    await checkEach('fixes-list/opencode.json', seen);
    assert.deepStrictEqual([...seen].sort(), ['add stored request', 'disable for this file', 'disable for this rule', 'move', 'remove'], 'every kind was offered');
    // Fix all: one action for both dead rules, and the result is exactly both single removals.
    const doc = await openFixture('fixes/opencode.json');
    const original = doc.getText();
    const lines = original.split('\n');
    await waitFor('the dead rules', () => rulelensDiagnostics(doc.uri), (d) => d.filter((x) => codeOf(x) === 'dead-rule').length === 2);
    const dead = rulelensDiagnostics(doc.uri).find((x) => codeOf(x) === 'dead-rule')!;
    const fixAll = (await codeActions(doc.uri, dead.range)).find((a) => /^Fix all \d+ /.test(a.title));
    assert.ok(fixAll?.edit, 'Fix all is offered for the two dead rules');
    assert.match(fixAll.title, /^Fix all 2 dead-rule findings in this file$/);
    // Each change carries an annotation that needs confirmation (the editor lists them in its
    // preview); VS Code's API does not hand those back, so the server's unit tests check them.
    assert.ok(await vscode.workspace.applyEdit(plain(fixAll.edit)));
    const after = doc.getText();
    await revert(doc);
    const gone = original.split('\n').filter((l) => !after.split('\n').includes(l));
    assert.deepStrictEqual(gone.sort(), removedBy.filter((r) => r.code === 'dead-rule').map((r) => r.line).sort(), 'Fix all removes exactly the lines each single fix removes');
    assert.strictEqual(after.split('\n').length, lines.length - 2);
  });

  test('Disable for this rule hides that finding, and only it', async () => {
    const doc = await openFixture('fixes/opencode.json');
    const diags = await waitFor('the fixture\'s findings', () => rulelensDiagnostics(doc.uri), (d) => d.filter((x) => codeOf(x) === 'dead-rule').length === 2);
    const first = diags.filter((x) => codeOf(x) === 'dead-rule').sort((a, b) => a.range.start.line - b.range.start.line)[0];
    const actions = await codeActions(doc.uri, first.range);
    const disable = actions.find((a) => a.title === 'Disable dead-rule for this rule');
    assert.ok(disable?.edit);
    try {
      assert.ok(await vscode.workspace.applyEdit(disable.edit));
      const left = await waitFor('one dead-rule left', () => rulelensDiagnostics(doc.uri), (d) => d.filter((x) => codeOf(x) === 'dead-rule').length === 1);
      assert.strictEqual(left.filter((x) => codeOf(x) === 'dead-rule')[0].range.start.line, first.range.start.line + 2, 'the other dead rule (one line further down now) is still reported');
      assert.deepStrictEqual(left.filter((x) => codeOf(x) === 'unused-suppression'), []);
    } finally {
      await revert(doc);
    }
  });
});
