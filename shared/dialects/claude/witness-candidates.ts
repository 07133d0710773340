import { posix } from 'path';
import { alphabetOf, alphabetWithout } from '../../analysis/automata';
import type { Deadline } from '../../analysis/budget';
import { patternClasses, unwalkable } from '../../analysis/classes';
import { commandFills, globFills, patternMeets } from '../../diff/candidates';
import { realisticCommands, REALISTIC_HOSTS, REALISTIC_PATHS, REALISTIC_SUBDOMAINS } from '../../diff/realistic';
import type { Candidate } from '../../diff/search';
import { compile, isExact, isUniversal, matches, type Wildcard } from '../../patterns/wildcard';
import { mayOverlap } from './automata';
import { absoluteGlob } from './path-rules';
import { bashPattern } from './bash-pattern';
import { ACCEPT_EDITS_COMMANDS, GIT_READ_ONLY, READ_ONLY_ANY_ARGS, READ_ONLY_EXACT, READ_ONLY_NO_ARGS } from './read-only';
import { KNOWN_TOOLS } from './rule-grammar';
import { EDIT_TOOLS, INPUT_SUBJECT_KEYS, READ_TOOLS } from './tools';
import type { ClaudeRequest, ClaudeRule } from './types';
import { splitMcpName } from './web-mcp';

/**
 * The candidate requests of Claude Code's witness search, per kind of rule: commands for Bash
 * rules, paths for Read/Edit rules, URLs for WebFetch domains, tool names for MCP and other tools.
 * Each family starts from realistic requests the changed rules match, then the rules' own words,
 * their overlaps, and one request per class of the patterns (see `patternClasses`).
 */

/** Characters a walk may put where a Bash pattern has a wildcard: no shell operator, quote or newline. */
const COMMAND_INPUTS = alphabetWithout(';&|<>()$`\\"\'\n\r\t{}[]!#~*?');
/** Characters of a host name. */
const HOST_INPUTS = alphabetOf('abcdefghijklmnopqrstuvwxyz0123456789.-');

/** A pattern matching every command, for a bare `Bash` rule (it covers them all). */
const EVERY: Wildcard = { source: '*', alts: [[{ t: 'star' }]] };

/** Realistic commands tried per Bash pattern (all of them for a rule covering every command). */
const FILLS_PER_PATTERN = 12;
/** Commands of the first candidates joined by `&&`: a compound is judged part by part. */
const COMPOUND_PARTS = 4;
/** Paths tried per path rule. */
const PATHS_PER_RULE = 8;
/** Literal names of the rules put into each other's wildcards and folders. */
const MAX_NAMES = 24;

/**
 * Patterns of the commands Claude Code decides without a rule (its read-only layer, and what
 * acceptEdits approves): the walk tells them apart from the rest, so a class holding both a
 * read-only command and another gets a witness of each (`git status push` and `git push`).
 */
let HINTS: Wildcard[] | undefined;
function builtinHints(): Wildcard[] {
  return (HINTS ??= [
    ...[...READ_ONLY_ANY_ARGS, ...ACCEPT_EDITS_COMMANDS, ...[...GIT_READ_ONLY].map((g) => `git ${g}`)].map((c) => bashPattern(`${c} *`)),
    ...[...READ_ONLY_NO_ARGS, ...READ_ONLY_EXACT].map((c) => bashPattern(c)),
  ]);
}

const bashPatternOf = (r: ClaudeRule): Wildcard | undefined => (r.matcher.kind === 'bash' ? r.matcher.pattern : coversTool(r, 'Bash') ? EVERY : undefined);

/** Whether a rule names a whole tool (bare, or a tool-name glob matching it). */
function coversTool(r: ClaudeRule, tool: string): boolean {
  const m = r.matcher;
  return (m.kind === 'tool' && m.name === tool) || (m.kind === 'tool-glob' && matches(m.compiled, tool));
}

/**
 * Commands for the Bash rules among `changed` (`all`: every rule of both versions).
 * @example [...bashCandidates([rule('Bash(git *)')], all, deadline)][0] // { request: { tool: 'Bash', command: 'git push origin main' }, group: 'Bash' }
 */
export function* bashCandidates(changed: readonly ClaudeRule[], all: readonly ClaudeRule[], deadline: Deadline, gaps: string[] = []): Generator<Candidate<ClaudeRequest>> {
  const focus = unique(changed.map(bashPatternOf).filter((w): w is Wildcard => w !== undefined));
  if (focus.length === 0) return;
  const others: Wildcard[] = [];
  for (const w of unique(all.map(bashPatternOf).filter((x): x is Wildcard => x !== undefined && !focus.includes(x)))) {
    deadline.check();
    if (focus.some((f) => mayOverlap(f, w))) others.push(w);
  }
  // Below a pattern that covers every command the realistic ones stand for the built-in layer.
  const narrow = focus.filter((f) => !isUniversal(f));
  const hints = builtinHints().filter((h) => narrow.some((f) => mayOverlap(f, h)));
  const cmd = (command: string): Candidate<ClaudeRequest> => ({ request: { tool: 'Bash', command }, group: 'Bash' });
  const first: string[] = [];
  const seen = new Set<string>();
  const compiled = [...focus, ...others, ...hints].map((w) => compile(w));
  const classOf = (c: string) => compiled.map((m) => (matches(m, c) ? '1' : '0')).join('');
  const classes = new Set<string>();
  const tried = function* (raw: string) {
    deadline.check();
    // The agent reads a command's words, not its spacing: `rm x ` is `rm x` to it.
    const c = raw.replace(/\s+/g, ' ').trim();
    if (c === '' || seen.has(c)) return;
    seen.add(c);
    classes.add(classOf(c));
    if (first.length < COMPOUND_PARTS) first.push(c);
    yield cmd(c);
  };
  for (const f of focus) for (const c of f === EVERY ? realisticCommands() : commandFills(f, FILLS_PER_PATTERN)) yield* tried(c);
  for (const f of focus) for (const o of [...focus, ...others]) if (o !== f) for (const c of patternMeets(f, o)) yield* tried(c);
  // One command per class the patterns tell apart, unless a readable one of that class came already.
  // An exact pattern's one command is tried above (an overlap of it): the walk needs the others only.
  const walked = others.filter((w) => !isExact(w));
  const tooLarge = unwalkable('Bash', [...focus, ...walked]);
  if (focus.length + walked.length > MAX_WALKED_PATTERNS) gaps.push(walkGap('Bash', focus.length + walked.length));
  else if (tooLarge.length > 0) gaps.push(...tooLarge);
  else {
    for (const c of patternClasses(focus, [...walked, ...hints], COMMAND_INPUTS, deadline, true)) {
      if (c.trim() === '' || classes.has(classOf(c))) continue;
      yield* tried(c);
    }
  }
  for (const a of first) for (const b of first) if (a !== b) yield cmd(`${a} && ${b}`);
}

/** Patterns one class walk may take; past it the walk is skipped and reported (a file of thousands changing a catch-all). */
export const MAX_WALKED_PATTERNS = 400;

function walkGap(what: string, n: number): string {
  return `${what}: the classes of ${n} overlapping patterns were not walked (more than ${MAX_WALKED_PATTERNS}); only realistic requests and the rules' own words were tried`;
}

/** Tools whose requests a changed path rule decides, by its family and tier. */
function pathTools(r: ClaudeRule): string[] {
  const m = r.matcher;
  if (m.kind === 'path') return m.family === 'edit' ? ['Edit'] : r.tier === 'deny' ? ['Read', 'Edit'] : ['Read'];
  if (m.kind === 'tool' && READ_TOOLS.includes(m.name)) return r.tier === 'deny' && m.name === 'Read' ? [m.name, 'Edit'] : [m.name];
  if (m.kind === 'tool' && EDIT_TOOLS.includes(m.name)) return [m.name];
  if (m.kind === 'tool-glob') return ['Read', 'Edit', 'Write'].filter((t) => matches(m.compiled, t));
  return [];
}

/** The absolute beginning of a path rule's glob up to its first wildcard ('' when a wildcard comes first or no place is known). */
function globHead(r: ClaudeRule, place: { root: string; home: string | undefined }): string | undefined {
  if (r.matcher.kind !== 'path') return '';
  const g = absoluteGlob(r.matcher, { cwd: place.root, home: place.home, source: r.sourceRoot });
  if (g === undefined) return '';
  const cut = g.search(/[*?[{]/);
  return cut < 0 ? g : g.slice(0, cut);
}

/** Whether two globs with these beginnings may share a path (or one a folder of the other's). */
function mayMeet(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return true;
  return a.startsWith(b) || b.startsWith(a);
}

/** The literal names in path rules' bodies (`.env`, `secrets`): stand-ins where another rule has a wildcard. */
function literalNames(rules: readonly ClaudeRule[]): string[] {
  const out = new Set<string>();
  for (const r of rules) if (r.matcher.kind === 'path') for (const seg of r.matcher.body.split('/')) if (seg && !/[*?[\]{}\\]/.test(seg)) out.add(seg);
  return [...out];
}

/** Request paths a path rule names, written the way its anchor reads them; `names` go under it and into its wildcards. */
function rulePaths(r: ClaudeRule, names: readonly string[]): string[] {
  const m = r.matcher;
  if (m.kind !== 'path') return [];
  const out: string[] = [];
  const fills = globFills(m.body, names);
  const kept = fills.slice(0, PATHS_PER_RULE + names.length * 2);
  // The folder a `dir/**` rule names itself is a class of its own: never cut.
  if (m.body.endsWith('/**') && !kept.includes(fills[fills.length - 1])) kept.push(fills[fills.length - 1]);
  for (const b of kept) {
    const at = m.anchor === 'absolute' ? `/${b}` : m.anchor === 'home' ? `~/${b}` : m.anchor === 'source' ? posix.join(r.sourceRoot, b) : b;
    out.push(at);
    // A pattern naming a folder covers what is inside it (another rule's names among it); one
    // without `/` matches at any depth.
    for (const n of ['notes.md', ...names]) out.push(`${at}/${n}`);
    if (m.anyDepth) out.push(`config/${b}`);
  }
  return out;
}

/**
 * Read and Edit requests for the path rules among `changed`, and the Bash commands that read or
 * write those paths (a Read deny also denies `cat .env`).
 * @example [...pathCandidates([rule('Read(./.env)', 'deny')], all)][0] // { request: { tool: 'Read', path: '.env' }, group: 'Read' }
 */
export function* pathCandidates(changed: readonly ClaudeRule[], all: readonly ClaudeRule[], place: { root: string; home: string | undefined }): Generator<Candidate<ClaudeRequest>> {
  const relevant = changed.filter((r) => pathTools(r).length > 0);
  if (relevant.length === 0) return;
  const tools = unique(relevant.flatMap(pathTools));
  const heads = relevant.map((r) => globHead(r, place));
  // Only rules whose paths can meet a changed rule's: their fixed beginnings agree.
  const meeting = all.filter((r) => r.matcher.kind === 'path' && !relevant.includes(r) && heads.some((h) => mayMeet(h, globHead(r, place))));
  const names = literalNames([...relevant, ...meeting]).slice(0, MAX_NAMES);
  const own = literalNames(relevant).slice(0, MAX_NAMES);
  const paths: string[] = [];
  for (const r of relevant) paths.push(...rulePaths(r, names));
  // Rules both versions keep can meet a changed one: their paths, with the changed rules' names in them.
  for (const r of meeting) paths.push(...rulePaths(r, own).slice(0, PATHS_PER_RULE / 2 + own.length * 3));
  paths.push(...REALISTIC_PATHS);
  const list = unique(paths);
  for (const p of list) for (const tool of tools) yield { request: { tool, path: p }, group: tool };
  const reads = relevant.some((r) => r.tier !== 'allow' && pathTools(r).includes('Read'));
  const writes = relevant.some((r) => pathTools(r).some((t) => t === 'Edit' || t === 'Write'));
  for (const p of list.slice(0, PATHS_PER_RULE * relevant.length)) {
    if (/\s/.test(p)) continue;
    if (reads) yield { request: { tool: 'Bash', command: `cat ${p}` }, group: 'Bash' };
    if (writes) yield { request: { tool: 'Bash', command: `echo done > ${p}` }, group: 'Bash' };
  }
}

const domainPatternOf = (r: ClaudeRule): Wildcard | undefined => (r.matcher.kind === 'domain' ? r.matcher.pattern : coversTool(r, 'WebFetch') ? EVERY : undefined);

/**
 * WebFetch requests for the domain rules among `changed`: realistic hosts, the patterns' own hosts
 * (`*.example.com` → `api.example.com` and the apex), and one host per class of the patterns.
 * @example [...webCandidates([rule('WebFetch(domain:*.example.com)')], all, deadline)][0].request.url // 'https://api.example.com/'
 */
export function* webCandidates(changed: readonly ClaudeRule[], all: readonly ClaudeRule[], deadline: Deadline, gaps: string[] = []): Generator<Candidate<ClaudeRequest>> {
  const focus = unique(changed.map(domainPatternOf).filter((w): w is Wildcard => w !== undefined));
  if (focus.length === 0) return;
  const others = unique(all.map(domainPatternOf).filter((w): w is Wildcard => w !== undefined && !focus.includes(w) && focus.some((f) => mayOverlap(f, w))));
  const url = (host: string): Candidate<ClaudeRequest> => ({ request: { tool: 'WebFetch', url: `https://${host}/` }, group: 'WebFetch' });
  const hosts: string[] = [];
  for (const f of focus) {
    const m = compile(f);
    for (const h of REALISTIC_HOSTS) if (f === EVERY || matches(m, h)) hosts.push(h);
    for (const alt of f.alts) {
      for (const sub of [...REALISTIC_SUBDOMAINS, 'x']) hosts.push(alt.map((a) => (a.t === 'lit' ? a.s : sub)).join(''));
      // The apex of `*.example.com`: a subdomain rule does not cover it.
      const lits = alt.map((a) => (a.t === 'lit' ? a.s : '')).join('');
      if (lits.startsWith('.')) hosts.push(lits.slice(1));
    }
    for (const o of others) for (const h of patternMeets(f, o)) hosts.push(h);
  }
  for (const w of others) for (const alt of w.alts) hosts.push(alt.map((a) => (a.t === 'lit' ? a.s : REALISTIC_SUBDOMAINS[0])).join(''));
  for (const h of unique(hosts)) if (/^[a-z0-9.-]+$/.test(h) && !h.startsWith('.')) yield url(h);
  const walked = others.filter((w) => !isExact(w));
  const tooLarge = unwalkable('WebFetch', [...focus, ...walked]);
  if (focus.length + walked.length > MAX_WALKED_PATTERNS) gaps.push(walkGap('WebFetch', focus.length + walked.length));
  else if (tooLarge.length > 0) gaps.push(...tooLarge);
  else for (const h of patternClasses(focus, walked, HOST_INPUTS, deadline)) if (h && !h.startsWith('.')) yield url(h);
}

/** A subject for a tool's specifier when a rule gives none to copy. */
const PLAIN_SUBJECT = 'general-purpose';

/**
 * Requests of the other tools the changed rules name: MCP tools (`mcp__github__create_issue`,
 * another tool of the same server), Task, Skill and the rest (with the rule's subject), and the
 * tools a tool-name glob covers.
 * @example [...toolCandidates([rule('mcp__github')], all)][0].request.tool // 'mcp__github__create_issue'
 */
export function* toolCandidates(changed: readonly ClaudeRule[], all: readonly ClaudeRule[]): Generator<Candidate<ClaudeRequest>> {
  const names: string[] = [];
  const withSubject: ClaudeRequest[] = [];
  const mcpTools = (server: string) => all.flatMap((r) => (r.matcher.kind === 'mcp' && r.matcher.server === server && r.matcher.tool && !r.matcher.tool.includes('*') ? [r.matcher.tool] : []));
  const everyMcp = all.flatMap((r) => (r.matcher.kind === 'mcp' ? [r.matcher.tool && !r.matcher.tool.includes('*') ? `mcp__${r.matcher.server}__${r.matcher.tool}` : `mcp__${r.matcher.server}__search`] : []));
  for (const r of changed) {
    const m = r.matcher;
    if (m.kind === 'mcp') {
      if (m.tool && !m.tool.includes('*')) names.push(`mcp__${m.server}__${m.tool}`);
      else {
        const fill = m.tool ? m.tool.replace(/\*/g, 'items') : undefined;
        for (const t of [...(fill ? [fill] : []), ...mcpTools(m.server), 'search']) names.push(`mcp__${m.server}__${t}`);
      }
      names.push(`mcp__${m.server}`);
    } else if (m.kind === 'tool' && !['Bash', 'WebFetch', ...READ_TOOLS, ...EDIT_TOOLS].includes(m.name)) {
      names.push(m.name);
      const key = INPUT_SUBJECT_KEYS[m.name]?.[0];
      if (key) withSubject.push({ tool: m.name, input: { [key]: PLAIN_SUBJECT } });
    } else if (m.kind === 'generic') {
      const key = INPUT_SUBJECT_KEYS[m.name]?.[0];
      for (const alt of m.pattern.alts.slice(0, 2)) {
        const subject = alt.map((a) => (a.t === 'lit' ? a.s : 'helper')).join('');
        if (key) withSubject.push({ tool: m.name, input: { [key]: subject } });
      }
      if (key) withSubject.push({ tool: m.name, input: { [key]: PLAIN_SUBJECT } });
      names.push(m.name);
    } else if (m.kind === 'tool-glob') {
      for (const t of [...KNOWN_TOOLS, ...everyMcp, 'mcp__github__create_issue']) if (matches(m.compiled, t) && !['Bash', 'WebFetch', ...READ_TOOLS, ...EDIT_TOOLS].includes(t)) names.push(t);
    }
  }
  for (const n of unique(names)) {
    const split = splitMcpName(n);
    // `mcp__srv` alone is a server, not a tool a call can name.
    if (split && split.tool === null) continue;
    yield { request: { tool: n }, group: toolGroup(n) };
  }
  for (const q of withSubject) yield { request: q, group: toolGroup(q.tool) };
}

/**
 * The kind of request a tool's flips are told apart by: the tool, or for an MCP tool its server
 * (a server-wide rule decides all its tools alike; one witness stands for them).
 * @example toolGroup('mcp__github__create_issue') // 'mcp__github'
 */
export function toolGroup(tool: string): string {
  const mcp = splitMcpName(tool);
  return mcp ? `mcp__${mcp.server}` : tool;
}

/** Requests of every kind tried with each rule (after a setting changed), per rule at most. */
const SWEEP_RULES = 200;

/**
 * Requests of every kind, for a change of a setting the rules are judged under (the mode, the
 * working folders): realistic commands, paths, URLs, each rule's own words once, and the folders
 * that changed. A mode decides what no rule matches, so these meet both sides of every rule.
 * @example [...sweepCandidates(rules, ['/srv'])][0].request // { tool: 'Bash', command: 'git push origin main' }
 */
export function* sweepCandidates(all: readonly ClaudeRule[], dirs: readonly string[]): Generator<Candidate<ClaudeRequest>> {
  const bash = (command: string): Candidate<ClaudeRequest> => ({ request: { tool: 'Bash', command }, group: 'Bash' });
  for (const c of realisticCommands()) yield bash(c);
  const paths = [...REALISTIC_PATHS, ...dirs.flatMap((d) => [`${d}/notes.md`, d])];
  for (const p of paths) for (const tool of ['Read', 'Edit']) yield { request: { tool, path: p }, group: tool };
  for (const d of dirs) for (const c of [`ls ${d}`, `touch ${d}/notes.md`, `cat ${d}/notes.md`]) yield bash(c);
  for (const h of REALISTIC_HOSTS) yield { request: { tool: 'WebFetch', url: `https://${h}/` }, group: 'WebFetch' };
  for (const r of all.slice(0, SWEEP_RULES)) {
    const m = r.matcher;
    if (m.kind === 'bash') for (const c of commandFills(m.pattern, 1)) yield bash(c);
    else if (m.kind === 'path') for (const p of rulePaths(r, []).slice(0, 1)) for (const tool of pathTools(r)) yield { request: { tool, path: p }, group: tool };
    else if (m.kind === 'domain') yield { request: { tool: 'WebFetch', url: `https://${m.pattern.alts[0].map((a) => (a.t === 'lit' ? a.s : 'api')).join('')}/` }, group: 'WebFetch' };
  }
  yield* toolCandidates(all.slice(0, SWEEP_RULES), all);
}

function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}
