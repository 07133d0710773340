import { parse as parseYaml } from 'yaml';
import type { SkillInfo } from './types';

/**
 * Front-matter keys of a skill that run nothing: with only these, Claude Code runs the skill with
 * no rule at all (2.1.328, the Skill tool's `checkPermissions`: a command whose every defined field
 * is in its safe set is allowed). Any other key (`allowed-tools`, `hooks`, …) makes the skill one
 * that needs a rule or a prompt; a key RuleLens does not know counts as such (fail closed).
 */
export const SAFE_SKILL_KEYS: ReadonlySet<string> = new Set([
  'name', 'description', 'model', 'effort', 'context', 'agent', 'background', 'version', 'paths', 'aliases', 'metadata',
  'argument-hint', 'when_to_use', 'when-to-use', 'disable-model-invocation', 'user-invocable',
]);

/** Skills read per folder at most: a project with thousands of folders under `.claude/skills/` still ends. */
export const MAX_SKILLS = 500;

/**
 * What a `SKILL.md` says about its permission: safe when its front matter has only keys that run
 * nothing. A file whose front matter does not parse is not safe.
 * @example skillInfo('/p/.claude/skills/x/SKILL.md', '---\nname: x\ndescription: y\n---\nbody').safe // true
 */
export function skillInfo(path: string, text: string): SkillInfo {
  const fm = frontMatter(text);
  if (fm === undefined) return { path, safe: true };
  let data: unknown;
  try {
    data = parseYaml(fm);
  } catch {
    return { path, safe: false, why: 'its front matter does not parse' };
  }
  if (data === null || data === undefined) return { path, safe: true };
  if (typeof data !== 'object' || Array.isArray(data)) return { path, safe: false, why: 'its front matter is not a mapping' };
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
    if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    if (!SAFE_SKILL_KEYS.has(k)) return { path, safe: false, why: `its front matter sets "${k}"` };
  }
  return { path, safe: true };
}

/** The text between a leading `---` line and the next `---` line, if the file starts with one. */
function frontMatter(text: string): string | undefined {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const first = /^---[ \t]*\r?\n/.exec(body);
  if (!first) return undefined;
  const rest = body.slice(first[0].length);
  const end = /^---[ \t]*$/m.exec(rest);
  return end ? rest.slice(0, end.index) : undefined;
}
