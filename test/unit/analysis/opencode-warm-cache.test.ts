import * as assert from 'assert';
import fc from 'fast-check';
import { parseOpencode } from '../../../shared/dialects/opencode/parse';
import { opencode } from '../../../shared/dialects/opencode';
import type { OpencodeRuleSet } from '../../../shared/dialects/opencode/rules';
import { analyzeOpencode, forgetOpencodeAnalyses } from '../../../shared/dialects/opencode/analysis/lints';
import { lintOpencode } from '../../../shared/dialects/opencode/lint';
import { Deadline } from '../../../shared/analysis/budget';
import type { Finding } from '../../../shared/model';
import { TEST_MS } from './helpers';
import { propertyRuns } from '../../helpers/runs';

/**
 * The analyser and the one-rule lints keep work across analyses of an edited file (entry parts,
 * each view's candidate lists and outcomes, notes per pattern pair). Whatever they keep, an edited
 * file must get exactly the findings a cold analysis gives it: the same codes, messages, witnesses,
 * ranges and order. The cold side parses the same text under a path of its own, so it shares no
 * pattern object and no memory with the warm side.
 */

type Rule = [action: string, resource: string, effect: string];
interface File {
  top: Rule[];
  /** Rules of an agent section (empty: no agent). */
  agent: Rule[];
}

function text(f: File): string {
  const list = (rs: Rule[]) => rs.map(([action, resource, effect]) => ({ action, resource, effect }));
  const doc: Record<string, unknown> = { permissions: list(f.top) };
  if (f.agent.length) doc.agent = { review: { permissions: list(f.agent) } };
  return JSON.stringify(doc, null, 2);
}

const WARM_PATH = '/warm/opencode.json';
let coldRuns = 0;

function parse(t: string, path: string): OpencodeRuleSet {
  return parseOpencode({ path, text: t }, { home: '/home/u', builtins: false });
}

function findings(rs: OpencodeRuleSet): Finding[] {
  const requests = [
    { name: 'r1', request: { action: 'edit', resources: ['a/b'] } },
    { name: 'r2', request: { action: 'bash', resources: ['rm -rf x'] } },
  ];
  return [...lintOpencode(rs), ...analyzeOpencode(rs, { requests }, new Deadline(TEST_MS))];
}

/** Plain data, as a client receives it (rule objects' lazy fields resolved). */
function plain(fs: Finding[]): unknown {
  return JSON.parse(JSON.stringify(fs));
}

function cold(t: string): unknown {
  // A path of its own: fresh patterns and no memory of earlier analyses.
  return plain(findings(parse(t, `/cold/${coldRuns++}/opencode.json`)));
}

const action = fc.constantFrom('edit', 'read', 'bash', 'e*', '*', 'webfetch');
const resource = fc.oneof(
  fc.array(fc.constantFrom('a', 'b', '/', '*', '?'), { maxLength: 4 }).map((xs) => xs.join('')),
  fc.constantFrom('python *', 'rm *', 'git', 'src/**/*.ts', '{a,b}/*', 'a/b'),
);
const effect = fc.constantFrom('allow', 'ask', 'deny');
const rule = fc.tuple(action, resource, effect);

type Edit =
  | { kind: 'flip'; at: number; effect: string }
  | { kind: 'resource'; at: number; resource: string }
  | { kind: 'action'; at: number; action: string }
  | { kind: 'insert'; at: number; rule: Rule }
  | { kind: 'delete'; at: number }
  | { kind: 'move'; at: number; to: number };

const edit = fc.record({ agent: fc.boolean(), e: fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), effect }) },
  fc.record({ kind: fc.constant('resource' as const), at: fc.nat(), resource }),
  fc.record({ kind: fc.constant('action' as const), at: fc.nat(), action }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), rule }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
) });

function apply(rules: Rule[], e: Edit): Rule[] {
  const out = rules.map((r) => [...r] as Rule);
  if (e.kind === 'insert') {
    out.splice(e.at % (out.length + 1), 0, e.rule);
    return out;
  }
  if (out.length === 0) return out;
  const i = e.at % out.length;
  if (e.kind === 'flip') out[i][2] = e.effect;
  else if (e.kind === 'resource') out[i][1] = e.resource;
  else if (e.kind === 'action') out[i][0] = e.action;
  else if (e.kind === 'delete') out.splice(i, 1);
  else out.splice(e.to % out.length, 0, ...out.splice(i, 1));
  return out;
}

describe('opencode analysis: a warm cache gives exactly the cold findings', () => {
  it('over many random edits of one file, findings equal a cold analysis of the same text', () => {
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 14 }), fc.array(rule, { maxLength: 5 }), fc.array(edit, { minLength: 1, maxLength: 8 }), (top, agent, edits) => {
        let file: File = { top, agent };
        for (const step of [undefined, ...edits]) {
          if (step) file = step.agent ? { ...file, agent: apply(file.agent, step.e) } : { ...file, top: apply(file.top, step.e) };
          const t = text(file);
          assert.deepStrictEqual(plain(findings(parse(t, WARM_PATH))), cold(t), `after ${JSON.stringify(step)}`);
        }
      }),
      { numRuns: propertyRuns(60), seed: 17 },
    );
  });

  it('the bench file: flipping one rule at a time keeps findings equal to a cold analysis', () => {
    const rules: Rule[] = [];
    for (let i = 0; i < 300; i++) rules.push([['edit', 'read', 'bash'][i % 3], i % 17 === 0 ? `area${i % 7}/*` : `area${i % 7}/part${i}/*`, ['allow', 'ask', 'deny'][i % 3]]);
    for (const at of [0, 5, 17, 150, 299]) {
      const edited = rules.map((r, i) => (i === at ? ([r[0], r[1], r[2] === 'deny' ? 'allow' : 'deny'] as Rule) : r));
      const t = text({ top: edited, agent: [] });
      assert.deepStrictEqual(plain(findings(parse(t, WARM_PATH))), cold(t));
    }
  });

  it('forgetOpencodeAnalyses: the next analysis starts cold and finds the same', () => {
    const t = text({ top: [['edit', '*', 'deny'], ['edit', 'a/*', 'allow'], ['bash', 'python *', 'allow'], ['edit', 'a/b', 'deny']], agent: [['edit', 'a/*', 'deny']] });
    const rs = parse(t, WARM_PATH);
    const before = plain(findings(rs));
    forgetOpencodeAnalyses();
    assert.deepStrictEqual(plain(findings(rs)), before);
    assert.ok((before as Finding[]).some((f) => f.code === 'shadowed-deny' || f.code === 'overridden-deny'), 'the file has findings to compare');
  });

  it('the dialect lint entry point is the cached one', () => {
    assert.strictEqual(opencode.lint, lintOpencode);
  });
});
