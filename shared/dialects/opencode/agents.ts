import type { Verdict } from '../../model';
import type { OpencodeRequest, OpencodeRuleSet } from './rules';

/** Which agent a request runs as, or why OpenCode refuses it. */
export type AgentChoice = { ok: true; agent: string | undefined; defaulted: boolean } | { ok: false; agent: string; why: string };

/**
 * The agent a request runs as: its `agent`, else the config's default agent. With the built-in
 * layers on, an agent OpenCode does not know (not built in, not configured, or disabled) is
 * refused; without them (the file alone) any name is taken as written.
 * @example chooseAgent(rs, { action: 'edit', resources: ['a'] }) // { ok: true, agent: 'build', defaulted: true }
 */
export function chooseAgent(rs: OpencodeRuleSet, req: OpencodeRequest): AgentChoice {
  const b = rs.builtins;
  if (!b) return { ok: true, agent: req.agent, defaulted: false };
  const agent = req.agent ?? b.defaultAgent;
  if (b.known.includes(agent)) return { ok: true, agent, defaulted: req.agent === undefined };
  const why = req.agent === undefined
    ? `the config's default agent "${agent}" is not defined: OpenCode refuses to start it`
    : `agent "${agent}" is neither built into OpenCode ${b.version} nor defined in the config${rs.rules.some((r) => r.agent === agent) ? ' (it is disabled)' : ''}: OpenCode runs no such agent, so every request is denied`;
  return { ok: false, agent, why };
}

/**
 * The verdict for a refused agent: deny, decided by no rule, with the reason in the trace.
 * @example refusedVerdict('agent "x" is …').decision // 'deny'
 */
export function refusedVerdict(why: string): Verdict {
  return {
    decision: 'deny',
    native: 'deny',
    code: null,
    rule: null,
    details: { branch: 'unknown-agent' },
    trace: { dialect: 'opencode', branch: `unknown agent: deny`, sections: [], notes: [why] },
  };
}

/**
 * Runs an evaluator for the agent the request really runs as (the same request with `agent`
 * filled in), or returns the refusal: one gate for the reference evaluator and the compiled form.
 * @example gateAgent(rs, req, (r) => evaluateOpencode(rs, r))
 */
export function gateAgent(rs: OpencodeRuleSet, req: OpencodeRequest, run: (req: OpencodeRequest) => Verdict): Verdict {
  const c = chooseAgent(rs, req);
  if (!c.ok) return refusedVerdict(c.why);
  return c.agent === req.agent ? run(req) : run({ ...req, agent: c.agent });
}
