import { strict as assert } from 'assert';
import { renderedDocsLink, withoutEditorSyntaxErrors } from '../../../client/diagnostics-filter';
import { parseJson } from '../../../shared/json/tree';

const syntax = { code: 'schema', data: { syntax: true } };
const schema = { code: 'schema', data: undefined };
const lint = { code: 'dead-rule', data: { rule: 1 } };

describe('client: diagnostics shown once, with a rendered lint page', () => {
  it('drops our JSON syntax errors in json/jsonc documents VS Code validates', () => {
    assert.deepEqual(withoutEditorSyntaxErrors([syntax, schema, lint], 'json', true), [schema, lint]);
    assert.deepEqual(withoutEditorSyntaxErrors([syntax, lint], 'jsonc', true), [lint]);
  });

  it('keeps them in YAML, in unknown documents and when JSON validation is off', () => {
    assert.deepEqual(withoutEditorSyntaxErrors([syntax, lint], 'yaml', true), [syntax, lint]);
    assert.deepEqual(withoutEditorSyntaxErrors([syntax, lint], undefined, true), [syntax, lint]);
    assert.deepEqual(withoutEditorSyntaxErrors([syntax, lint], 'json', false), [syntax, lint]);
  });

  it('the engine marks exactly its JSON syntax errors with data.syntax', () => {
    const { findings } = parseJson('{"permissions": [ {"action": "edit",, } ]');
    assert.ok(findings.length > 0);
    assert.ok(findings.every((f) => f.data?.syntax === true));
  });

  it('a shipped lint page link becomes a command that renders it', () => {
    assert.equal(renderedDocsLink('file:///home/u/.vscode/extensions/rulelens/docs/lints/dead-rule.md'), `command:rulelens.showDocumentation?${encodeURIComponent('["dead-rule"]')}`);
    assert.equal(renderedDocsLink('https://example.com/docs/lints/dead-rule.md'), undefined, 'a web page renders itself');
    assert.equal(renderedDocsLink('file:///x/docs/lints/../../etc/passwd.md'), undefined);
  });
});
