import { strict as assert } from 'assert';
import fc from 'fast-check';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { fastRequestsFile } from '../../../shared/requests/fast-parse';
import type { RequestsFile } from '../../../shared/requests/model';
import { opencode } from '../../../shared/dialects/opencode';
import { propertyRuns } from '../../helpers/runs';

const LIMITS = { maxRequests: 100_000, origins: ['synthetic', 'copied'], words: ['allow', 'ask', 'deny'] };

/** Everything a requests file tells its users, ranges included (read through the lazy getters). */
function view(f: RequestsFile) {
  return {
    rulesRef: f.rulesRef,
    builtins: f.builtins,
    findings: f.findings.map((x) => ({ code: x.code, severity: x.severity, message: x.message, range: x.range })),
    requests: f.requests.map((r) => ({
      index: r.index,
      name: r.name,
      origin: r.origin,
      note: r.note,
      expect: r.expect && { decision: r.expect.decision, fields: r.expect.fields, range: r.expect.range },
      request: r.request,
      raw: r.raw,
      range: r.range,
      nameRange: r.nameRange,
      fieldRanges: r.fieldRanges,
      findings: r.findings.map((x) => ({ code: x.code, message: x.message, range: x.range })),
    })),
  };
}

/** The fast reader against the full one: a trailing comment makes the text JSONC, which only the full reader takes. */
function bothWays(text: string): [RequestsFile, RequestsFile] {
  return [parseRequestsFile('/p/opencode.requests.json', text, opencode), parseRequestsFile('/p/opencode.requests.json', `${text}\n// forces the full reader`, opencode)];
}

function files(broken: boolean) {
  const bad = <T>(good: fc.Arbitrary<T>, wrong: fc.Arbitrary<unknown>) => (broken ? fc.oneof({ weight: 10, arbitrary: good }, { weight: 1, arbitrary: wrong }) : good);
  const word = bad(fc.constantFrom('allow', 'ask', 'deny'), fc.constantFrom('Deny', 'prompt', 3, null));
  const expect = fc.oneof(word, fc.record({ decision: word, rule: fc.integer({ min: -1, max: 9 }), reason: fc.constantFrom('x', 'y'), '7': fc.constant([1, { a: 'b' }]) }, { requiredKeys: [] }));
  const resource = fc.constantFrom('src/a.ts', 'docs/x.md', 'git status', '~/x', 'a"b', 'é', '');
  const request = fc.record(
    {
      action: bad(fc.constantFrom('edit', 'bash', 'read', 'webfetch'), fc.constantFrom(1, null)),
      resources: bad(fc.array(resource, { minLength: 1, maxLength: 3 }), fc.constantFrom([], 'x', [1], null)),
      agent: bad(fc.constantFrom('build', 'plan', 'docs'), fc.constant(5)),
      saved: bad(fc.array(fc.record({ action: fc.constantFrom('edit', 'bash'), resource: resource, extra: fc.constant(1) }, { requiredKeys: ['action', 'resource'] }), { maxLength: 2 }), fc.constantFrom({}, [1], [{ action: 'x' }])),
      expect,
      origin: bad(fc.constantFrom('synthetic', 'copied'), fc.constant('invented')),
      note: bad(fc.constantFrom('why', ''), fc.constant(0)),
      platform: fc.constantFrom('linux', 'mac'),
      tool: fc.constant('Bash'),
    },
    { requiredKeys: broken ? [] : ['action', 'resources'] },
  );
  const named = fc.array(request, { maxLength: 6 }).chain((rs) =>
    fc.array(bad(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', '0', 'x y'), fc.constantFrom('', 7)), { minLength: rs.length, maxLength: rs.length }).map((names) => rs.map((r, i) => ({ name: names[i], ...r }))),
  );
  // Unique names when valid: a repeated name is a finding.
  const requests = broken ? named : named.map((rs) => rs.map((r, i) => ({ ...r, name: `r${i}` })).map(({ tool: _tool, ...r }) => r));
  return fc.record({ $schema: fc.constant('x'), rules: bad(fc.constantFrom('opencode.json', '../o.json'), fc.constantFrom('', 1)), builtins: bad(fc.boolean(), fc.constant('no')), requests, extra: fc.constant(1) }, { requiredKeys: broken ? [] : ['requests'] }).map((f) => {
    if (!broken) delete (f as { extra?: number }).extra;
    return f;
  });
}

const indent = fc.constantFrom(undefined, 0, 1, 2, '\t');

describe('requests files: the fast reader gives the full reader’s requests, ranges and findings', () => {
  for (const broken of [false, true]) {
    it(`for generated ${broken ? 'files with broken parts' : 'valid files'}`, () => {
      fc.assert(
        fc.property(files(broken), indent, (f, ind) => {
          const text = JSON.stringify(f, null, ind);
          const [fast, full] = bothWays(text);
          assert.deepEqual(view(fast), view(full));
        }),
        { numRuns: propertyRuns(200), seed: broken ? 1721 : 1720 },
      );
    });
  }

  it('steps aside for anything the full reader reports', () => {
    const ok = { requests: [{ name: 'a', action: 'edit', resources: ['x'], expect: 'deny' }] };
    assert.ok(fastRequestsFile('r.requests.json', JSON.stringify(ok), opencode, LIMITS));
    for (const bad of [
      { requests: [{ name: 'a', action: 'edit', resources: [] }] },
      { requests: [{ name: 'a', action: 'edit', resources: ['x'] }, { name: 'a', action: 'edit', resources: ['y'] }] },
      { requests: [{ name: 'a', action: 'edit', resources: ['x'], expectt: 'deny' }] },
      { requests: [{ name: 'a', action: 'edit', resources: ['x'], expect: 'Deny' }] },
      { requests: [{ name: 'a', action: 'edit', resources: ['x'] }], rule: 'o.json' },
      { requests: {} },
    ]) {
      assert.equal(fastRequestsFile('r.requests.json', JSON.stringify(bad), opencode, LIMITS), undefined, JSON.stringify(bad));
    }
    assert.equal(fastRequestsFile('r.requests.json', JSON.stringify(ok), undefined, LIMITS), undefined, 'no dialect: the full reader');
    assert.equal(fastRequestsFile('r.requests.json', '{"requests": [], "requests": []}', opencode, LIMITS), undefined, 'a repeated key');
  });

  it('places names, fields and expectations written with escapes, odd spacing and nesting as the full reader does', () => {
    const text = [
      '{"requests":[',
      '  {"n\\u0061me" : "a\\"b", "resources": ["x", "z"] ,"action":"edit", "expect":{"decision":"deny","why":{"name":"inner"}}},',
      '\t{ "action" :"read","resources":["y"],"name":"second","note":"name: not a key"}',
      ']}',
    ].join('\n');
    assert.ok(fastRequestsFile('/p/opencode.requests.json', text, opencode, LIMITS), 'the fast reader takes this file');
    const [fast, full] = bothWays(text);
    // The generated files above never escape a key or nest a `name` inside another field.
    assert.equal(fast.requests.length, 2);
    assert.deepEqual(view(fast), view(full));
  });

  it('serialized requests keep their ranges', () => {
    const text = '{\n "requests": [\n  {"name": "a", "action": "edit", "resources": ["x"], "expect": "deny"}\n ]\n}';
    const r = fastRequestsFile('r.requests.json', text, opencode, LIMITS)!.requests[0];
    const json = JSON.parse(JSON.stringify(r));
    assert.deepEqual(json.range, { start: { line: 2, character: 2 }, end: { line: 2, character: 71 } });
    assert.deepEqual(json.nameRange, r.nameRange);
    assert.deepEqual(json.expect.range, r.expect!.range);
  });
});
