import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver';
import { toDiagnostic } from '../../../server/service/diagnostics';
import { plainText, open, service, tempExample, withRule } from './helpers';

describe('language service: diagnostics', () => {
  it('reports the example pair: only the empty-resources warning on the requests file', () => {
    const ex = tempExample();
    const ls = service();
    const ruleUri = open(ls, ex.rules);
    assert.deepStrictEqual(ls.doValidation(ruleUri).filter((d) => d.severity === DiagnosticSeverity.Error), []);
    const reqDiags = ls.doValidation(ex.requestsUri);
    assert.deepStrictEqual(reqDiags.map((d) => d.code), ['empty-resources']);
    assert.strictEqual(reqDiags[0].source, 'rulelens');
    assert.strictEqual(reqDiags[0].codeDescription?.href, 'https://rulelens.dev/docs/lints/empty-resources.md');
  });

  it('turns B, C and D red when `edit * allow` is appended, and publishes both files from either side', () => {
    const ex = tempExample();
    const ls = service();
    const text = fs.readFileSync(ex.rules, 'utf8');
    const ruleUri = open(ls, ex.rules, withRule(text, '{ "action": "edit", "resource": "*", "effect": "allow" }'), 2);
    const v = ls.validate(ruleUri);
    assert.deepStrictEqual(v.publish.map((p) => path.basename(p.uri)), ['opencode.json', 'opencode.requests.json']);
    const failed = v.publish[1].diagnostics.filter((d) => d.code === 'request-failed').map((d) => plainText(d.message));
    for (const name of ['B: a protected path', 'C: a mixed operation', 'D: work outside the grant']) assert.ok(failed.some((m) => m.startsWith(`"${name}"`)), `${name} fails`);
    assert.ok(failed.every((m) => !m.startsWith('"A:')));
    assert.deepStrictEqual({ ...v.status, uri: '' }, { uri: '', dialect: 'opencode', requests: 6, passed: 2, failed: 4, invalid: 0, unchecked: 0, summary: '6 requests: 2 passed, 4 failed' });
    // The requests file's own validation sees the edited rule text too.
    assert.strictEqual(ls.doValidation(ex.requestsUri).filter((d) => d.code === 'request-failed').length, 4);
  });

  it('re-runs against a requests file edited in the editor', () => {
    const ex = tempExample();
    const ls = service();
    const ruleUri = open(ls, ex.rules);
    open(ls, ex.requests, fs.readFileSync(ex.requests, 'utf8').replace('"expect": "deny" },\n    { "name": "C', '"expect": "allow" },\n    { "name": "C'), 2);
    const diags = ls.validate(ruleUri).publish[1].diagnostics;
    assert.deepStrictEqual(diags.filter((d) => d.code === 'request-failed').map((d) => plainText(d.message).split('"')[1]), ['B: a protected path']);
  });

  it('turns malformed documents into diagnostics instead of throwing', () => {
    const ex = tempExample();
    const ls = service();
    const uri = open(ls, ex.rules, '{"permissions": [ {"action": "edit", "resource": 3, "effect": "maybe"} ');
    const diags = ls.doValidation(uri);
    assert.ok(diags.some((d) => d.code === 'schema' && d.severity === DiagnosticSeverity.Error));
    const reqUri = open(ls, ex.requests, '{"requests": [ {"name": "x", "action": "edit", "resources": "a"} ]}');
    assert.ok(ls.doValidation(reqUri).some((d) => d.code === 'request-invalid'));
    assert.deepStrictEqual(ls.codeLenses(uri).length >= 1, true);
    assert.strictEqual(ls.doHover(reqUri, { line: 0, character: 20 })?.contents !== undefined, true);
  });

  it('maps findings: severity, related information, Unnecessary tag, witness in data', () => {
    const range = { start: { line: 1, character: 2 }, end: { line: 1, character: 9 } };
    const d = toDiagnostic({ code: 'dead-rule', severity: 'information', message: 'm', range, unnecessary: true, witness: 'w', related: [{ range, message: 'rule 1' }], data: { rule: 1 } }, 'file:///ws/opencode.json', 'file:///docs/');
    assert.strictEqual(d.severity, DiagnosticSeverity.Information);
    assert.deepStrictEqual(d.tags, [DiagnosticTag.Unnecessary]);
    assert.strictEqual(d.relatedInformation?.[0].location.uri, 'file:///ws/opencode.json');
    assert.deepStrictEqual(d.data, { rule: 1, witness: 'w' });
    const plain = toDiagnostic({ code: 'x', severity: 'warning', message: 'm', range, related: [{ range, message: 'rule 1' }] }, 'file:///a.json', 'file:///docs/', { relatedInformation: false, codeDescription: false, createFiles: false });
    assert.strictEqual(plain.relatedInformation, undefined);
    assert.strictEqual(plain.codeDescription, undefined);
    assert.match(plainText(plain.message), /rule 1, line 2/);
  });

  it('honours lint levels and excludes from the host', () => {
    const ex = tempExample();
    const ls = (() => {
      const { createLanguageService } = require('../../../server/service/language-service') as typeof import('../../../server/service/language-service');
      const { fileExists, readText } = require('../../../shared/host/node-fs') as typeof import('../../../shared/host/node-fs');
      return createLanguageService({ readFile: readText, exists: fileExists, configFor: () => ({ levels: { 'empty-resources': 'off' }, exclude: [], base: ex.dir }) });
    })();
    open(ls, ex.rules);
    assert.deepStrictEqual(ls.doValidation(ex.requestsUri), []);
  });
});
