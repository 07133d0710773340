/** The shipped rule profiles. */
export const PROFILES = ['balanced', 'strict'] as const;
export type ProfileName = (typeof PROFILES)[number];

/** The window both profiles use for their history rules. */
export const PROFILE_WINDOW_MINUTES = 30;

const repeatRule = {
  id: 'no-repeat-web-extract',
  deny: { capabilities: ['read'] },
  if_path: { capability: 'read', subject: 'web_extract', same_arguments: true, within_minutes: PROFILE_WINDOW_MINUTES },
};

/**
 * A profile as a JSON value: `balanced` guards the outbound boundary and duplicate fetches;
 * `strict` also refuses writes and commands after an untrusted read.
 * @example profileRules('strict').rules[0].deny.capabilities // ['send', 'write', 'execute']
 */
export function profileRules(name: ProfileName): { version: 1; rules: Array<Record<string, unknown> & { deny: { capabilities: string[] } }> } {
  const capabilities = name === 'strict' ? ['send', 'write', 'execute'] : ['send'];
  return {
    version: 1,
    rules: [
      { id: 'no-send-after-untrusted-read', deny: { capabilities }, if_path: { trust: 'untrusted', capability: 'read', within_minutes: PROFILE_WINDOW_MINUTES } },
      repeatRule,
    ],
  };
}

/**
 * The file text written for a profile: one rule per line group, stable so digests are comparable.
 * @example profileText('balanced').startsWith('{') // true
 */
export function profileText(name: ProfileName): string {
  return JSON.stringify(profileRules(name), null, 2) + '\n';
}

/** @example isProfile('strict') // true */
export function isProfile(v: unknown): v is ProfileName {
  return typeof v === 'string' && (PROFILES as readonly string[]).includes(v);
}
