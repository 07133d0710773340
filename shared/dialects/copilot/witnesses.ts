import type { Deadline } from '../../analysis/budget';
import type { Flip } from '../../diff/flips';
import { sliced, type Candidate, type SearchSpec } from '../../diff/search';
import type { EvalContext, Verdict } from '../../model';
import { describe, evaluateCopilot } from './evaluate';
import { trimSlashes, urlPattern } from './match';
import type { CopilotRequest, CopilotRule, CopilotRuleSet } from './types';

/** Requests every search tries besides the rules' own: one per check Copilot makes without flags. */
const STANDARD: readonly CopilotRequest[] = [
  { tool: 'bash', command: 'touch x' },
  { tool: 'bash', command: 'echo hi > out.txt' },
  { tool: 'bash', command: 'curl -s https://example.com' },
  { tool: 'view', path: '/etc/hostname' },
  { tool: 'create', path: 'new.txt' },
  { tool: 'web_fetch', url: 'https://example.com/' },
];

/**
 * The requests a rule tells apart: the command it names (and one word more, and the next word of
 * its stem), the path, the URL over both schemes, the MCP tool.
 * @example ruleRequests(rule) // [{ tool: 'bash', command: 'git push' }, …]
 */
export function ruleRequests(r: CopilotRule): CopilotRequest[] {
  const p = r.pattern;
  const out: CopilotRequest[] = [];
  if (p?.kind === 'shell') {
    const arg = (p.argument ?? 'touch x').replace(/:\*$/, '').trim();
    out.push({ tool: 'bash', command: arg }, { tool: 'bash', command: `${arg} x` }, { tool: 'bash', command: `${arg}x` }, { tool: 'bash', command: `sudo ${arg}` }, { tool: 'bash', command: `${arg} && touch y` });
  } else if (p?.kind === 'write' || p?.kind === 'read') {
    const path = p.argument ?? 'new.txt';
    const tool = p.kind === 'write' ? 'create' : 'view';
    out.push({ tool, path }, { tool, path: `sub/${path.replace(/^\//, '')}` }, { tool: 'bash', command: `echo hi > ${path}` });
  } else if (p?.kind === 'url' || r.flag === 'allow-url' || r.flag === 'deny-url') {
    const u = urlPattern(p?.argument ?? r.value ?? 'example.com');
    if (u) for (const scheme of ['https', 'http']) for (const host of [u.host, `sub.${u.host}`]) out.push({ tool: 'web_fetch', url: `${scheme}://${host}${u.path || '/'}` });
  } else if (p) out.push({ tool: `${p.kind}/${p.argument ?? 'tool'}` });
  else if (r.flag === 'add-dir' && r.value) out.push({ tool: 'view', path: `${trimSlashes(r.value)}/a.txt` }, { tool: 'create', path: `${trimSlashes(r.value)}/a.txt` });
  return out.map((q) => ({ ...q, invocation: r.invocation + 1 }));
}

/**
 * The search of two versions of a Copilot flags file, workflow or script: the rules of both, each
 * turned into the requests it tells apart, and the standard checks, for every invocation.
 * @example runSlices(searchSlices(copilotSearchSpec(base, current, [], new Deadline(), {}))).flips[0].request // 'bash: git push'
 */
export function copilotSearchSpec(base: CopilotRuleSet, current: CopilotRuleSet, known: readonly Flip[], deadline: Deadline, ctx: EvalContext): SearchSpec<CopilotRuleSet, CopilotRequest> {
  const invocations = Math.max(base.invocations.length, current.invocations.length, 1);
  const area = {
    name: 'Copilot CLI tool calls',
    candidates: function* (): Generator<Candidate<CopilotRequest>> {
      const seen = new Set<string>();
      for (const r of [...base.rules, ...current.rules]) {
        for (const q of ruleRequests(r)) {
          const key = JSON.stringify(q);
          if (seen.has(key)) continue;
          seen.add(key);
          yield { request: q, group: q.tool };
        }
      }
      for (let n = 1; n <= invocations; n++) for (const q of STANDARD) yield { request: { ...q, invocation: n }, group: q.tool };
    },
  };
  const decide = (q: CopilotRequest): [Verdict, Verdict] => [evaluateCopilot(base, q, ctx), evaluateCopilot(current, q, ctx)];
  return { base, current, areas: [area], decide, describe, subject: (q) => q.command ?? q.path ?? q.url ?? null, known, deadline };
}

/** Copilot CLI's witness search (`Dialect.witnesses`). */
export const copilotWitnesses = sliced(copilotSearchSpec);
