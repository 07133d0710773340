import fc from 'fast-check';

/** Characters that exercise every part of the pattern language: wildcards, separators, `\`, space. */
export const PATTERN_CHARS = ['a', 'b', 'c', '/', '.', ' ', '*', '?', '\\', '-'];
const INPUT_CHARS = ['a', 'b', 'c', '/', '.', ' ', '\\', '-', '*', '?'];

/** A short pattern, sometimes with the trailing ` *` that also matches the bare prefix. */
export const patternArb = fc
  .tuple(fc.array(fc.constantFrom(...PATTERN_CHARS), { maxLength: 8 }), fc.boolean())
  .map(([cs, trail]) => cs.join('') + (trail ? ' *' : ''));

/** Inputs from the same alphabet, so patterns and inputs meet often. */
export const inputArb = fc.array(fc.constantFrom(...INPUT_CHARS), { maxLength: 10 }).map((cs) => cs.join(''));

export const ACTIONS = ['edit', 'read', 'bash', '*', 'e*', 'ed?t', 'mcp_*', 'edit *', 'EDIT'];
const REQUEST_ACTIONS = ['edit', 'read', 'bash', 'mcp_x', 'EDIT', 'e', 'edit x', 'ed\\t', ''];
export const EFFECTS = ['allow', 'ask', 'deny'] as const;

export interface GenRule {
  action: string;
  resource: string;
  effect: (typeof EFFECTS)[number];
}

const ruleArb: fc.Arbitrary<GenRule> = fc.record({
  action: fc.oneof(fc.constantFrom(...ACTIONS), patternArb),
  resource: patternArb,
  effect: fc.constantFrom(...EFFECTS),
});

/** An OpenCode config text: V2 rules at top level and per agent, sometimes V1 maps. */
export const opencodeTextArb = fc
  .record({
    top: fc.array(ruleArb, { maxLength: 12 }),
    plan: fc.array(ruleArb, { maxLength: 4 }),
    v1: fc.option(fc.dictionary(fc.constantFrom(...ACTIONS), fc.dictionary(patternArb, fc.constantFrom(...EFFECTS), { maxKeys: 4 }), { maxKeys: 3 })),
  })
  .map(({ top, plan, v1 }) =>
    JSON.stringify({
      ...(v1 ? { permission: v1 } : {}),
      permissions: top,
      agents: { plan: { permissions: plan } },
    }),
  );

export const requestArb = fc.record(
  {
    action: fc.oneof(fc.constantFrom(...REQUEST_ACTIONS), inputArb),
    resources: fc.array(inputArb, { maxLength: 4 }),
    agent: fc.constantFrom('plan', 'build'),
    saved: fc.array(fc.record({ action: fc.oneof(fc.constantFrom(...ACTIONS), patternArb), resource: patternArb }), { maxLength: 3 }),
  },
  { requiredKeys: ['action', 'resources'] },
);
