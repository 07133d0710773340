import { finding, FILE_START, type Finding } from '../../model';
import { evaluateAmp } from './evaluate';
import { entryTest, stringTest } from './match';
import { regexCompiles } from './regex-check';
import type { AmpCondition, AmpRequest, AmpRule, AmpRuleSet } from './types';

/** Calls Amp's built-in list allows although they run more than their first command says. */
const BUILTIN_PROBES: ReadonlyArray<{ request: AmpRequest; why: string }> = [
  { request: { tool: 'Bash', args: { cmd: 'ls -la && rm -rf build' }, context: 'thread', interactive: true }, why: 'a compound command: `ls *` matches the whole line' },
  { request: { tool: 'Bash', args: { cmd: 'rm -rf build\nls -la' }, context: 'thread', interactive: true }, why: 'a second line: the multiline flag lets `ls *` match line 2 alone' },
  { request: { tool: 'Bash', args: { cmd: 'cat ~/.ssh/id_rsa' }, context: 'thread', interactive: true }, why: '`cat *` is allowed before the rule that asks for paths outside the project' },
  { request: { tool: 'edit_file', args: { path: '/tmp/x/build.sh' }, context: 'thread', interactive: true }, why: '`allow edit_file` covers any path not on the guarded list' },
];

/** The string conditions of an entry's command argument (`cmd` for Bash, `command` for the other shell tools). */
function commandPatterns(r: AmpRule): string[] {
  const c: AmpCondition | undefined = r.entry.matches?.cmd ?? r.entry.matches?.command;
  if (typeof c === 'string') return [c];
  if (Array.isArray(c)) return c.filter((x): x is string => typeof x === 'string');
  return [];
}

/** A member of an Amp glob (each `*` an empty string) or undefined for a regex. */
function fillOf(p: string): string | undefined {
  return p.startsWith('/') && p.endsWith('/') && p.length >= 3 ? undefined : p.replace(/\*/g, '');
}

function regexesOf(c: AmpCondition | undefined, out: string[] = []): string[] {
  if (typeof c === 'string') {
    if (c.length >= 3 && c.startsWith('/') && c.endsWith('/')) out.push(c);
  } else if (Array.isArray(c)) c.forEach((x) => regexesOf(x, out));
  else if (c && typeof c === 'object') Object.values(c).forEach((x) => regexesOf(x, out));
  return out;
}

/**
 * Amp lints: workspace entries that override the user's (no trust gate on permissions),
 * dangerouslyAllowAll committed, invalid regexes (the whole user list is dropped for every call
 * that reaches one), allows a second line or a `&& …` slips past, `context: "subagent"` entries
 * that never fire, literal `?`, and the holes in Amp's own built-in list this file turns on.
 * @example lintAmp(parseAmp({ path: '.amp/settings.json', text: '{"amp.dangerouslyAllowAll": true}' }))[0].code // 'amp-allow-all-committed'
 */
export function lintAmp(rs: AmpRuleSet): Finding[] {
  const out: Finding[] = [];
  const own = rs.rules.filter((r) => r.ampLayer !== 'built-in' && r.file === undefined && r.mirroredFrom === undefined);
  if (rs.layer === 'workspace' && rs.allowAll && rs.allowAllFrom === rs.path) out.push(finding('amp-allow-all-committed', 'error', 'amp.dangerouslyAllowAll in a workspace file turns every permission check off for whoever opens this repository (Amp does not gate it on workspace trust)', FILE_START));
  if (!rs.pluginActive && !rs.unreadable) out.push(finding('amp-plugin-off', 'information', 'no amp.permissions here: Amp runs every tool call without asking (its permissions plugin starts only with a permissions setting)', FILE_START));
  for (const r of own) {
    const e = r.entry;
    if (rs.layer === 'workspace' && (e.action === 'allow' || e.action === 'delegate')) out.push(finding('amp-workspace-override', 'warning', `a workspace ${e.action} entry comes before every rule of the user's own settings (first match wins, and Amp applies workspace permissions without a trust prompt)`, r.range));
    for (const re of regexesOf(e.matches)) {
      if (!regexCompiles(re.slice(1, -1), 'm')) out.push(finding('amp-invalid-regex', 'error', `${re} is not a valid regular expression: Amp throws "Invalid regex pattern" on every call that reaches this entry and then skips the whole user list (the built-in rules decide)`, r.range));
    }
    if (e.context === 'subagent') out.push(finding('never-matches', 'warning', 'context "subagent": Amp\'s permissions plugin always evaluates with "thread", so this entry never fires at run time (only `amp permissions test -c subagent` sees it)', r.range));
    for (const p of commandPatterns(r)) {
      if (p.includes('?') && fillOf(p) !== undefined) out.push(finding('never-matches', 'warning', `"${p}": a ? in an Amp glob is a literal question mark, not one character`, r.range));
    }
    if (e.action !== 'allow') continue;
    const tool = r.entry.tool;
    const key = r.entry.matches?.cmd !== undefined ? 'cmd' : 'command';
    for (const p of commandPatterns(r)) {
      const fill = fillOf(p);
      if (fill === undefined || fill === '') continue;
      if (stringTest(fill, p) !== 'match') continue;
      const multi = `rm -rf ~\n${fill}`;
      const args = (cmd: string) => ({ ...stripKey(r), [key]: cmd });
      if (entryTest(e, tool, args(multi), 'thread') === 'match') {
        out.push(finding('amp-multiline-bypass', 'warning', `"${p}" also allows a command with a second line: Amp's globs are matched with the multiline flag, so any one line matching is enough`, r.range, { witness: multi.replace('\n', '⏎') }));
      }
      const compound = `${fill} && rm -rf ~`;
      if (p.endsWith('*') && entryTest(e, tool, args(compound), 'thread') === 'match') {
        out.push(finding('amp-compound-bypass', 'warning', `"${p}" also allows "${compound}": Amp matches the command line as one string and never splits it`, r.range, { witness: compound }));
      }
      break;
    }
  }
  if (rs.pluginActive && rs.rules.some((r) => r.ampLayer === 'built-in')) {
    const holes = BUILTIN_PROBES.flatMap((p) => {
      const v = evaluateAmp(rs, p.request, {});
      return v.decision === 'allow' && v.details.source === 'built-in' ? [`${JSON.stringify(p.request.args.cmd ?? p.request.args.path)} (built-in rule ${v.details.matchIndex}: ${p.why})`] : [];
    });
    if (holes.length) out.push(finding('amp-builtin-hole', 'warning', `configuring amp.permissions turns on Amp's built-in rules, which allow ${holes.join('; ')}: add reject entries here for what must never run`, FILE_START, { witness: holes[0] }));
  }
  return out;
}

/** The entry's other argument conditions, filled so the command alone decides. */
function stripKey(r: AmpRule): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, c] of Object.entries(r.entry.matches ?? {})) if (k !== 'cmd' && k !== 'command' && typeof c === 'string' && !c.startsWith('/')) out[k] = c.replace(/\*/g, '');
  return out;
}
