// Generators for Codex `.rules` files (prefix rules with alternatives, implicit decisions,
// examples that pass or fail, Starlark variables, loops, comprehensions, f-strings) and argvs.
import fc from 'fast-check';

export const TOKENS = ['git', 'status', 'log', 'push', '-s', 'rm', '-rf', 'ls', 'npm', 'test', 'run', 'a b', 'python'];
const token = fc.constantFrom(...TOKENS);
const q = (s: string) => JSON.stringify(s);

const element = fc.oneof({ arbitrary: token.map(q), weight: 4 }, { arbitrary: fc.array(token, { minLength: 1, maxLength: 3 }).map((a) => `[${a.map(q).join(', ')}]`), weight: 1 });
const decision = fc.constantFrom('', 'allow', 'prompt', 'forbidden', 'forbidden');
const example = fc.oneof(fc.array(token, { minLength: 1, maxLength: 3 }).map((a) => q(a.join(' '))), fc.array(token, { minLength: 1, maxLength: 3 }).map((a) => `[${a.map(q).join(', ')}]`));

export interface GenFile {
  text: string;
}

const prefixRule = fc
  .record({
    pattern: fc.array(element, { minLength: 1, maxLength: 3 }),
    decision,
    justification: fc.constantFrom(null, null, null, null, null, null, 'why', ' '),
    // Mostly without examples, so most files load and their decisions get compared.
    match: fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary: fc.array(example, { minLength: 1, maxLength: 2 }), weight: 1 }),
    notMatch: fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary: fc.array(example, { minLength: 1, maxLength: 2 }), weight: 1 }),
  })
  .map((r) => {
    const args = [`pattern=[${r.pattern.join(', ')}]`];
    if (r.decision) args.push(`decision=${q(r.decision)}`);
    if (r.justification !== null) args.push(`justification=${q(r.justification)}`);
    if (r.match) args.push(`match=[${r.match.join(', ')}]`);
    if (r.notMatch) args.push(`not_match=[${r.notMatch.join(', ')}]`);
    return `prefix_rule(${args.join(', ')})`;
  });

/** Whole-file shapes real rule files use around the calls. */
const starlark = fc.oneof(
  { arbitrary: prefixRule, weight: 6 },
  { arbitrary: fc.tuple(token, token, decision.filter((d) => d !== '')).map(([a, b, d]) => `X = [${q(a)}, ${q(b)}]\nprefix_rule(pattern=X, decision=${q(d)})`), weight: 1 },
  { arbitrary: fc.tuple(fc.array(token, { minLength: 1, maxLength: 3 }), decision.filter((d) => d !== '')).map(([ts, d]) => `for t in [${ts.map(q).join(', ')}]:\n    prefix_rule(pattern=[t, "status"], decision=${q(d)})`), weight: 1 },
  { arbitrary: fc.tuple(fc.array(token, { minLength: 1, maxLength: 3 }), decision.filter((d) => d !== '')).map(([ts, d]) => `P = [${ts.map(q).join(', ')}]\nprefix_rule(pattern=["git"] + [[p for p in P]], decision=${q(d)})`), weight: 1 },
  { arbitrary: fc.tuple(token, token).map(([a, b]) => `N = ${q(a)}\nprefix_rule(pattern=[f"{N}", ${q(b)}], decision="prompt")`), weight: 1 },
);

export const file = fc.array(starlark, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('\n') + '\n');
const COMMON = [['git', 'status'], ['git', 'log'], ['git', 'push'], ['rm', '-rf'], ['npm', 'test'], ['npm', 'run'], ['ls'], ['python'], ['git']];
/** Mostly commands that start like the rules do (so matches are common), sometimes anything. */
export const argv = fc.oneof(
  { arbitrary: fc.array(token, { minLength: 1, maxLength: 4 }), weight: 1 },
  { arbitrary: fc.tuple(fc.constantFrom(...COMMON), fc.array(token, { maxLength: 2 })).map(([a, b]) => [...a, ...b]), weight: 3 },
);

/** One to three `.rules` files of one folder: Codex loads them as one policy. */
export const policyFiles = fc.array(file, { minLength: 1, maxLength: 3 });
