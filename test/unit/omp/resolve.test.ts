import { strict as assert } from 'assert';
import { resolveApproval } from '../../../shared/dialects/omp/resolve';
import type { OmpApproval, OmpMode, OmpTier } from '../../../shared/dialects/omp';

type D = { policy: OmpApproval | null; tier: OmpTier; override: boolean };
const MODES: OmpMode[] = ['always-ask', 'write', 'yolo'];
const USERS: Array<OmpApproval | undefined> = [undefined, 'allow', 'prompt', 'deny'];

/** The resolution table written out independently, to compare every combination against. */
function expected(d: D, mode: OmpMode, user: OmpApproval | undefined): [OmpApproval, string, number] {
  if (d.policy === 'deny') return ['deny', 'tool', 1];
  if (user === 'deny') return ['deny', 'user', 2];
  if (mode === 'yolo') {
    if (d.policy) return [d.policy, 'tool', 3];
    return user ? [user, 'user', 3] : ['allow', 'mode', 3];
  }
  if (d.override) return [d.policy === 'allow' ? 'allow' : 'prompt', 'tool', 4];
  if (d.policy) return [d.policy, 'tool', 5];
  if (user) return [user, 'user', 6];
  const ok = mode === 'write' ? d.tier !== 'exec' : d.tier === 'read';
  return ok ? ['allow', 'mode', 7] : ['prompt', 'mode', 8];
}

describe('omp resolution against mode and user settings', () => {
  const decisions: D[] = [];
  for (const policy of [null, 'allow', 'prompt', 'deny'] as const)
    for (const tier of ['read', 'write', 'exec'] as const) for (const override of [false, true]) decisions.push({ policy, tier, override });
  for (const mode of MODES) {
    for (const user of USERS) {
      it(`${mode} × user ${user ?? 'unset'}: every tool decision resolves per the table`, () => {
        for (const d of decisions) {
          const r = resolveApproval(d, mode, user);
          assert.deepEqual([r.policy, r.source, r.step], expected(d, mode, user), JSON.stringify({ d, mode, user }));
        }
      });
    }
  }
  it('yolo ignores a bare override and says so', () => {
    const r = resolveApproval({ policy: null, tier: 'exec', override: true }, 'yolo', undefined);
    assert.equal(r.policy, 'allow');
    assert.match(r.why, /ignores a bare override/);
  });
  it('mode tiers: always-ask approves read, write approves read and write', () => {
    const at = (mode: OmpMode, tier: OmpTier) => resolveApproval({ policy: null, tier, override: false }, mode, undefined).policy;
    assert.deepEqual(['read', 'write', 'exec'].map((t) => at('always-ask', t as OmpTier)), ['allow', 'prompt', 'prompt']);
    assert.deepEqual(['read', 'write', 'exec'].map((t) => at('write', t as OmpTier)), ['allow', 'allow', 'prompt']);
  });
});
