import type { PolicyCapability, PolicyMember } from '../dialect';
import type { EvalContext } from '../../model';
import { layerOf, mergeQwen, readQwenFile, USER_LAYER } from './settings';
import type { QwenRuleSet } from './types';

/**
 * The other files Qwen Code loads with a settings file: none found on its own — the user's
 * `~/.qwen/settings.json` joins only when named (`ctx.userSettings`), never read silently.
 */
function members(): PolicyMember[] {
  return [];
}

/**
 * The settings file with the named user layer under it (a workspace file is not loaded when the
 * project folder is the home folder), merged as Qwen merges them.
 * @example parseQwenPolicy({ path: '/p/.qwen/settings.json', text }, [], { userSettings }).rules
 */
export function parseQwenPolicy(file: { path: string; text: string }, _members: PolicyMember[], ctx: EvalContext = {}): QwenRuleSet {
  const layer = layerOf(file.path, ctx.home);
  const own = readQwenFile(file.path, file.text, layer);
  const files = [own];
  const user = ctx.userSettings;
  if (user && user.path !== file.path && layer !== USER_LAYER) files.unshift(readQwenFile(user.path, user.text, USER_LAYER));
  const rs = mergeQwen(files, file.path);
  if (files.length > 1) rs.members = files.map((f) => ({ path: f.path, layer: f.layer, present: true }));
  return rs;
}

/** Qwen Code's policy: the workspace file over the named user file. */
export const qwenPolicy: PolicyCapability<QwenRuleSet> = { members, parse: parseQwenPolicy };
