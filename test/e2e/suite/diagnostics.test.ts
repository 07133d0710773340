import * as assert from 'assert';
import * as vscode from 'vscode';
import { api, appendToArray, codeOf, fixture, openFixture, revert, rulelensDiagnostics, waitFor } from './helpers';

const BROAD = '{ "action": "edit", "resource": "*", "effect": "allow" }';

suite('diagnostics', () => {
  suiteSetup(async () => {
    assert.ok(await (await api()).ready(), 'the language server is running');
  });

  test('a broad `edit * allow` appended to the opencode rules is reported with lint codes', async () => {
    const doc = await openFixture('opencode/opencode.json');
    try {
      await appendToArray(doc, 'permissions', BROAD);
      const diags = await waitFor('lint findings', () => rulelensDiagnostics(doc.uri), (d) => d.some((x) => codeOf(x) === 'broad-catch-all'));
      const codes = diags.map(codeOf);
      console.log('      codes:', codes.join(', '));
      assert.ok(codes.includes('broad-catch-all'), 'broad-catch-all');
      assert.ok(codes.includes('shadowed-deny'), 'the secrets deny is now shadowed');
      const broad = diags.find((d) => codeOf(d) === 'broad-catch-all')!;
      assert.strictEqual(broad.range.start.line, doc.getText().split('\n').findIndex((l) => l.includes(BROAD)), 'on the appended rule');
      const shadowed = diags.find((d) => codeOf(d) === 'shadowed-deny')!;
      assert.ok(shadowed.tags?.includes(vscode.DiagnosticTag.Unnecessary), 'a shadowed deny is faded');
      assert.ok(shadowed.relatedInformation?.length, 'names the covering rule');
      for (const d of diags) {
        assert.ok(typeof d.code === 'object' && d.code.target.toString().includes(codeOf(d)), `${codeOf(d)} links to its page`);
      }
    } finally {
      await revert(doc);
    }
    await waitFor('findings cleared after revert', () => rulelensDiagnostics(doc.uri), (d) => !d.some((x) => codeOf(x) === 'broad-catch-all'));
  });

  test('stored requests that flip are errors on the requests file, while the rule file is only edited', async () => {
    const doc = await openFixture('opencode/opencode.json');
    const requestsUri = fixture('opencode/opencode.requests.json');
    try {
      await appendToArray(doc, 'permissions', BROAD);
      const failed = await waitFor('request-failed', () => rulelensDiagnostics(requestsUri).filter((d) => codeOf(d) === 'request-failed'), (d) => d.length >= 3);
      const requestsText = (await vscode.workspace.openTextDocument(requestsUri)).getText().split('\n');
      const names = failed.map((d) => requestsText[d.range.start.line]);
      for (const n of ['B: a protected path', 'C: a mixed operation', 'D: work outside the grant']) {
        assert.ok(names.some((l) => l.includes(n)), `${n} fails`);
      }
      assert.ok(failed.every((d) => d.severity === vscode.DiagnosticSeverity.Error));
    } finally {
      await revert(doc);
    }
    await waitFor('requests pass again', () => rulelensDiagnostics(requestsUri).filter((d) => codeOf(d) === 'request-failed'), (d) => d.length === 0);
  });
});
