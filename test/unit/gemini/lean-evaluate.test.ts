import { strict as assert } from 'assert';
import fc from 'fast-check';
import { initShellParser } from '../../../shared/host/shell-parser';
import { evaluateGemini } from '../../../shared/dialects/gemini/evaluate';
import { parseGemini } from '../../../shared/dialects/gemini/parse';
import type { GeminiRequest } from '../../../shared/dialects/gemini/types';
import type { Verdict } from '../../../shared/model';

const q = (s: string) => JSON.stringify(s);
const table = fc.record({
  tool: fc.constantFrom('run_shell_command', 'read_file', '*', 'glob', 'mcp_gh_*', 'search_file_content', 'grep_search'),
  narrow: fc.constantFrom('', 'commandPrefix = "git"', 'commandPrefix = ["ls", "cat"]', 'commandRegex = "rm .*"', 'commandRegex = "(a+)+"', 'argsPattern = "src/"', 'argsPattern = "\\\\bx"', 'mcpName = "gh"', 'modes = ["yolo"]', 'interactive = false', 'allowRedirection = true', 'subagent = "helper"'),
  decision: fc.constantFrom('allow', 'deny', 'ask_user'),
  priority: fc.nat({ max: 20 }),
}).map((t) => `[[rule]]\ntoolName = ${q(t.tool)}\n${t.narrow}\ndecision = ${q(t.decision)}\npriority = ${t.priority}\n`);
const policy = fc.array(table, { minLength: 0, maxLength: 10 }).map((ts) => parseGemini({ path: '/home/u/.gemini/policies/p.toml', text: ts.join('\n') }, { home: '/home/u' }));
const request = fc.record({
  tool: fc.constantFrom('run_shell_command', 'read_file', 'glob', 'mcp_gh_issue', 'search_file_content'),
  command: fc.constantFrom('git status', 'ls && rm -rf x', 'cat a > b', 'echo $(git push)', 'bash -c "rm x"', 'x', 'ls src/'),
  path: fc.constantFrom('src/a.ts', 'x.txt'),
  mode: fc.constantFrom('default', 'yolo', 'autoEdit', 'plan'),
  interactive: fc.boolean(),
  subagent: fc.constantFrom(undefined, 'helper'),
}).map((r): GeminiRequest => ({ tool: r.tool, args: r.tool === 'run_shell_command' ? { command: r.command } : { file_path: r.path }, mode: r.mode, interactive: r.interactive, ...(r.subagent ? { subagent: r.subagent } : {}) }));

/** What the lints read of a verdict: all of it but the rows of the rules tried. */
const decided = (v: Verdict) => ({ ...v, trace: { ...v.trace, sections: v.trace.sections.map(({ rows: _rows, ...rest }) => rest) } });

describe('gemini: the lean evaluation decides as the traced one', () => {
  before(initShellParser);

  it('decision, rule, notes and every section but its rows, over random policies and requests', () => {
    fc.assert(
      fc.property(policy, fc.array(request, { minLength: 1, maxLength: 8 }), (rs, reqs) => {
        for (const req of reqs) {
          const full = evaluateGemini(rs, req, { root: '/w', home: '/home/u' });
          const lean = evaluateGemini(rs, req, { root: '/w', home: '/home/u' }, { lean: true });
          assert.deepStrictEqual(decided(lean), decided(full));
          // The one row kept is the traced one's last (the rule that matched).
          lean.trace.sections.forEach((s, i) => assert.deepStrictEqual(s.rows.map((r) => r.rule), full.trace.sections[i].rows.slice(-1).map((r) => r.rule)));
        }
      }),
      { numRuns: 500 },
    );
  });
});
