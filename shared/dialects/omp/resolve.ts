import type { ToolDecision } from './decide';
import type { OmpApproval, OmpMode, OmpTier } from './rules';

/** Where the final policy came from, as the agent reports it. */
export type OmpSource = 'tool' | 'user' | 'mode';

/** Tiers each mode lets through without a prompt. */
export const MODE_TIERS: Readonly<Record<OmpMode, readonly OmpTier[]>> = {
  'always-ask': ['read'],
  write: ['read', 'write'],
  yolo: ['read', 'write', 'exec'],
};

export interface Resolution {
  policy: OmpApproval;
  source: OmpSource;
  /** 1–8: the row of the resolution table that decided. */
  step: number;
  /** A sentence for the trace. */
  why: string;
}

/**
 * Resolves the tool's decision against the approval mode and the user's policy for the tool,
 * row by row as the agent does (deny first; yolo ignores a bare override; then override, tool,
 * user, mode tiers, prompt).
 * @example resolveApproval({ policy: null, tier: 'exec', override: true, … }, 'yolo', undefined).policy // 'allow'
 */
export function resolveApproval(d: Pick<ToolDecision, 'policy' | 'tier' | 'override'>, mode: OmpMode, user: OmpApproval | undefined): Resolution {
  if (d.policy === 'deny') return { policy: 'deny', source: 'tool', step: 1, why: 'the tool decision is an explicit deny, resolved before the mode' };
  if (user === 'deny') return { policy: 'deny', source: 'user', step: 2, why: 'the user policy for the tool is deny' };
  if (mode === 'yolo') {
    if (d.policy === 'allow' || d.policy === 'prompt') return { policy: d.policy, source: 'tool', step: 3, why: `yolo keeps the tool's explicit ${d.policy}` };
    const ignored = d.override ? 'yolo ignores a bare override; ' : '';
    if (user) return { policy: user, source: 'user', step: 3, why: `${ignored}yolo takes the user policy ${user}` };
    return { policy: 'allow', source: 'mode', step: 3, why: `${ignored}yolo allows` };
  }
  if (d.override) {
    const policy = d.policy === 'allow' ? 'allow' : 'prompt';
    return { policy, source: 'tool', step: 4, why: `the override flag asks for ${policy} in ${mode}` };
  }
  if (d.policy === 'allow' || d.policy === 'prompt') return { policy: d.policy, source: 'tool', step: 5, why: `the tool's explicit ${d.policy}` };
  if (user === 'allow' || user === 'prompt') return { policy: user, source: 'user', step: 6, why: `the user policy ${user}` };
  if (MODE_TIERS[mode].includes(d.tier)) return { policy: 'allow', source: 'mode', step: 7, why: `${mode} approves the ${d.tier} tier` };
  return { policy: 'prompt', source: 'mode', step: 8, why: `${mode} does not approve the ${d.tier} tier` };
}
