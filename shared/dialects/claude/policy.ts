import * as os from 'os';
import { posix } from 'path';
import type { PolicyCapability, PolicyHost, PolicyMember } from '../dialect';
import type { EvalContext } from '../../model';
import { layerOf, LOCAL_SETTINGS_FILE, mergeSettings, readSettingsFile, SETTINGS_FILE, type SettingsFile } from './settings';
import { COPILOT_MARKER_LAYER, copilotIgnores, copilotMarkers } from './copilot-view';
import { MAX_SKILLS, skillInfo } from './skills';
import { LAYER_TITLES, type ClaudeRuleSet, type SkillInfo } from './types';

/** The layer name of a project skill file in a policy's member list. */
export const SKILL_LAYER = 'project skill';
const SKILL_FILE = 'SKILL.md';

function slashes(p: string): string {
  return p.replace(/\\/g, '/');
}

/**
 * The files Claude Code reads with a project's settings file: the other of `.claude/settings.json`
 * and `.claude/settings.local.json` (listed even when absent: creating it changes decisions), and
 * the project's skills (`.claude/skills/<name>/SKILL.md`), whose front matter decides a Skill call
 * no rule matches. User and managed settings are layers only when named (`ctx.userSettings`,
 * `ctx.managedSettings`): never read from the checking machine.
 * @example claudeMembers({ path: '/p/.claude/settings.json', text }, host, {}).map((m) => m.layer) // ['local settings', …]
 */
export function claudeMembers(file: { path: string }, host: PolicyHost, ctx: EvalContext): PolicyMember[] {
  const p = slashes(file.path);
  const dir = posix.dirname(p);
  if (posix.basename(dir) !== '.claude') return [];
  const layer = layerOf(p, ctx.home ?? os.homedir());
  if (layer !== 'project' && layer !== 'local') return [];
  const base = posix.basename(p);
  if (base !== SETTINGS_FILE && base !== LOCAL_SETTINGS_FILE) return [];
  const sibling = posix.join(dir, base === SETTINGS_FILE ? LOCAL_SETTINGS_FILE : SETTINGS_FILE);
  const out: PolicyMember[] = [{ path: sibling, layer: LAYER_TITLES[base === SETTINGS_FILE ? 'local' : 'project'], text: host.readFile(sibling) }];
  const skills = posix.join(dir, 'skills');
  const entries = host.list?.(skills) ?? [];
  for (const e of entries.slice(0, MAX_SKILLS)) {
    if (e.kind !== 'dir') continue;
    const path = posix.join(skills, e.name, SKILL_FILE);
    const text = host.readFile(path);
    if (text !== undefined) out.push({ path, layer: SKILL_LAYER, text });
  }
  out.push(...copilotMarkers(posix.dirname(dir), host));
  return out;
}

/**
 * The settings file with its policy members and the named layers, merged as Claude Code merges
 * them; the project's skills join as `skills`.
 * @example parseClaudePolicy(file, claudeMembers(file, host, ctx), ctx).rules
 */
export function parseClaudePolicy(file: { path: string; text: string }, members: PolicyMember[], ctx: EvalContext = {}): ClaudeRuleSet {
  const files: SettingsFile[] = [readSettingsFile(file, ctx)];
  const same = (a: string, b: string) => posix.resolve(slashes(a)) === posix.resolve(slashes(b));
  const skills: Record<string, SkillInfo> = {};
  const markers = members.filter((m) => m.layer === COPILOT_MARKER_LAYER);
  for (const m of members) {
    if (m.layer === COPILOT_MARKER_LAYER) continue;
    if (m.layer === SKILL_LAYER) {
      if (m.text !== undefined) skills[posix.basename(posix.dirname(slashes(m.path)))] = skillInfo(m.path, m.text);
      continue;
    }
    if (m.text !== undefined && !files.some((f) => same(f.path, m.path))) files.push(readSettingsFile({ path: m.path, text: m.text }, ctx));
  }
  const user = ctx.userSettings;
  if (user && !files.some((f) => same(f.path, user.path))) files.push(readSettingsFile(user, ctx, 'user'));
  const managed = ctx.managedSettings;
  if (managed && !files.some((f) => same(f.path, managed.path))) files.push(readSettingsFile(managed, ctx, 'managed'));
  const rs = mergeSettings(files, file.path, ctx);
  const ignored = copilotIgnores(rs, markers);
  if (ignored) rs.findings.push(ignored);
  const absent = members.filter((m) => m.text === undefined && m.layer !== SKILL_LAYER).map((m) => ({ path: m.path, layer: m.layer, present: false }));
  const skillRefs = members.filter((m) => m.layer === SKILL_LAYER).map((m) => ({ path: m.path, layer: m.layer, present: true }));
  return { ...rs, skills, members: [...(rs.members ?? []), ...absent, ...skillRefs] };
}

/** Claude Code's policy: settings layers, guards, hooks and skills, found and merged. */
export const claudePolicy: PolicyCapability<ClaudeRuleSet> = { members: claudeMembers, parse: parseClaudePolicy };
