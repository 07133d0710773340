import { strict as assert } from 'assert';
import fc from 'fast-check';
import { parseOpencode } from '../../../shared/dialects/opencode/parse';
import type { OpencodeRuleSet } from '../../../shared/dialects/opencode/rules';
import { strictJsonValue } from '../../../shared/json/fast-value';
import { MAX_NESTING_DEPTH } from '../../../shared/json/tree';
import { fastFileLayer } from '../../../shared/dialects/opencode/fast-read';
import { propertyRuns } from '../../helpers/runs';

/**
 * The fast path (JSON.parse, ranges found on first use) against the full reader on the same
 * config: a trailing comment makes the text JSONC, which only the full reader takes, and moves
 * nothing the rules point at.
 */
function bothWays(text: string, builtins: boolean): [OpencodeRuleSet, OpencodeRuleSet] {
  const ctx = { home: '/h', root: '/p', builtins };
  return [parseOpencode({ path: '/p/opencode.json', text }, ctx), parseOpencode({ path: '/p/opencode.json', text: `${text}\n// forces the full reader` }, ctx)];
}

/** Everything a rule set tells its users, ranges included (read through the lazy getters). */
function view(rs: OpencodeRuleSet) {
  return {
    rules: rs.rules.map((r) => ({
      index: r.index,
      label: r.label,
      decision: r.decision,
      native: r.native,
      scope: r.scope,
      action: r.action,
      resource: r.resource,
      actionPattern: r.actionPattern,
      resourcePattern: r.resourcePattern,
      form: r.form,
      agent: r.agent,
      layer: r.layer,
      tool: r.tool,
      range: r.range,
      actionRange: r.actionRange,
      resourceRange: r.resourceRange,
      effectRange: r.effectRange,
    })),
    order: rs.order,
    agents: rs.agents,
    builtins: rs.builtins,
    findings: rs.findings.map((f) => ({ code: f.code, message: f.message, range: f.range })),
  };
}

const decisionWord = fc.constantFrom('allow', 'ask', 'deny');
const key = fc.constantFrom('edit', 'bash', 'read', 'webfetch', 'external_directory', '*', '2', '10', '0', 'mcp_*', '__proto__', 'a"b', 'é', 'constructor');
const pattern = fc.constantFrom('*', 'git *', 'src/**', '~/notes/*', '$HOME/x', '7', '01', '3', 'a\\b', '*.env', '', '__proto__', 'toString', 'x"y\\n');

/** Configs; with `broken`, now and then a part the full reader reports (a wrong type, an unknown decision, a missing field). */
function configs(broken: boolean) {
  const bad = <T>(good: fc.Arbitrary<T>, wrong: fc.Arbitrary<unknown>) => (broken ? fc.oneof({ weight: 12, arbitrary: good }, { weight: 1, arbitrary: wrong }) : good);
  const decision = bad(decisionWord, fc.constantFrom('Allow', '', 'prompt', 1, true, null, ['deny']));
  const v1 = fc.oneof({ weight: 1, arbitrary: decision }, { weight: 4, arbitrary: fc.dictionary(key, fc.oneof(decision, fc.dictionary(pattern, decision, { maxKeys: 4 })), { maxKeys: 5 }) });
  const v2Rule = bad(
    fc.record({ action: key, resource: pattern, effect: decision }),
    fc.constantFrom({ action: 'edit', resource: '*' }, { action: 'edit', resource: '*', effect: 'deny', extra: 1 }, { action: 1, resource: '*', effect: 'deny' }, 'edit * deny'),
  );
  const tools = fc.dictionary(fc.constantFrom('write', 'edit', 'patch', 'bash', 'webfetch', '3'), bad(fc.boolean(), fc.constant('yes')), { maxKeys: 4 });
  const section = fc.record({ permission: v1, permissions: fc.array(v2Rule, { maxLength: 5 }), tools, disable: fc.boolean(), mode: fc.constant('primary') }, { requiredKeys: [] });
  const agentMap = fc.dictionary(fc.constantFrom('build', 'plan', 'general', 'explore', 'review', 'docs', '1'), bad(section, fc.constant([])), { maxKeys: 3 });
  return fc.record(
    {
      $schema: fc.constant('https://opencode.ai/config.json'),
      permission: v1,
      permissions: fc.array(v2Rule, { maxLength: 6 }),
      tools,
      agent: agentMap,
      agents: agentMap,
      mode: agentMap,
      default_agent: fc.constantFrom('build', 'docs', 'ghost'),
      theme: fc.constantFrom('dark', { nested: [1, { a: 'b' }] }),
    },
    { requiredKeys: [] },
  );
}
const indent = fc.constantFrom(undefined, 0, 1, 2, '\t', '\r\n ' as unknown as number);

describe('OpenCode: the fast rule reader gives the full reader’s rules, ranges and findings', () => {
  for (const broken of [false, true]) {
    it(`for generated ${broken ? 'configs with broken parts' : 'valid configs'} in V1 and V2, agents, modes and tools, with and without built-in layers`, () => {
      fc.assert(
        fc.property(configs(broken), indent, fc.boolean(), (c, ind, builtins) => {
          const text = JSON.stringify(c, null, ind);
          const [fast, full] = bothWays(text, builtins);
          assert.deepEqual(view(fast), view(full));
        }),
        { numRuns: propertyRuns(200), seed: broken ? 1718 : 1717 },
      );
    });
  }

  it('a rule\'s start line, asked before its range or after, is the line its range starts on', () => {
    fc.assert(
      fc.property(configs(false), indent, fc.boolean(), (c, ind, builtins) => {
        const text = JSON.stringify(c, null, ind);
        for (const rs of bothWays(text, builtins)) {
          const first = rs.rules.map((r) => r.startLine);
          assert.deepEqual(first, rs.rules.map((r) => r.range.start.line));
          assert.deepEqual(rs.rules.map((r) => r.startLine), first);
        }
      }),
      { numRuns: propertyRuns(100), seed: 1719 },
    );
  });

  it('when a key is repeated (the full reader reports it and the last one wins)', () => {
    const text = '{"permission": {"edit": "deny", "edit": {"*.md": "allow"}}, "permissions": []}';
    assert.equal(strictJsonValue(text, MAX_NESTING_DEPTH), undefined);
    const [fast, full] = bothWays(text, false);
    assert.deepEqual(view(fast), view(full));
    assert.deepEqual(fast.findings.map((f) => f.code), ['duplicate-key']);
    assert.deepEqual(fast.rules.map((r) => r.label), ['edit *.md allow']);
  });

  it('ranges point at the rule as written, also when found lazily', () => {
    const text = '{\n  "permissions": [\n    {"action": "edit", "resource": "docs/*", "effect": "allow"}\n  ]\n}';
    const rs = parseOpencode({ path: 'opencode.json', text }, { home: '/h', builtins: false });
    const r = rs.rules[0];
    assert.deepEqual(r.range, { start: { line: 2, character: 4 }, end: { line: 2, character: 63 } });
    assert.equal(text.split('\n')[2].slice(r.resourceRange.start.character, r.resourceRange.end.character), '"docs/*"');
    assert.equal(text.split('\n')[2].slice(r.effectRange.start.character, r.effectRange.end.character), '"allow"');
    assert.deepEqual(JSON.parse(JSON.stringify(r)).range, r.range, 'serialized rules keep their ranges');
  });
});

describe('the strict JSON value: when the fast path stands aside', () => {
  const fast = (t: string) => strictJsonValue(t, MAX_NESTING_DEPTH) !== undefined;
  it('takes strict JSON, with escapes and colons inside strings', () => {
    assert.ok(fast('{"a": "x:y", "b\\"": "\\\\", "c": [{"d": ":"}], "e\\\\": {}}'));
    assert.ok(fast('[]'));
    assert.ok(fast('"just a string: yes"'));
  });
  it('refuses comments, trailing commas, errors, duplicate keys (also escaped alike) and deep nesting', () => {
    assert.ok(!fast('{"a": 1} // c'));
    assert.ok(!fast('{"a": 1,}'));
    assert.ok(!fast('{"a": '));
    assert.ok(!fast('{"a": 1, "a": 2}'));
    assert.ok(!fast('{"x": {"a": 1, "\\u0061": 2}}'));
    assert.ok(!fast('{"__proto__": 1, "__proto__": 2}'));
    assert.ok(!fast('['.repeat(MAX_NESTING_DEPTH + 1) + ']'.repeat(MAX_NESTING_DEPTH + 1)));
    assert.ok(fast('['.repeat(MAX_NESTING_DEPTH) + ']'.repeat(MAX_NESTING_DEPTH)));
  });
  it('builds the tree only when asked, and the same tree the strict parser builds', () => {
    const v = strictJsonValue('{"a": [1, "b"]}', MAX_NESTING_DEPTH)!;
    assert.deepEqual(v.value, { a: [1, 'b'] });
    assert.equal(v.tree(), v.tree());
    assert.equal(v.tree().children![0].children![1].children![1].value, 'b');
  });
  it('hands a file with any finding in its permission parts to the full reader', () => {
    for (const text of ['{"permission": "maybe"}', '{"permissions": [{"action": "edit", "resource": "*"}]}', '{"tools": {"bash": 1}}', '{"agent": {"x": []}}', '{"permission": {"webfetch": {"*": "allow"}}}', '[]']) {
      assert.equal(fastFileLayer(strictJsonValue(text, MAX_NESTING_DEPTH)!), undefined, text);
    }
    assert.ok(fastFileLayer(strictJsonValue('{"permission": {"edit": {"*": "deny"}}, "agent": {"plan": {"disable": true}}}', MAX_NESTING_DEPTH)!));
  });
});
