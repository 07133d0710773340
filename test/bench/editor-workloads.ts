import { prng } from './workload';

/**
 * Rule files of several shapes for the editor benchmark (server.bench.ts), each with its stored
 * requests: the shapes a search tuned on one workload would get wrong. Every text is made from a
 * seed, so every run measures the same files. An edit changes one rule (its decision, or its
 * pattern), at a place that moves from edit to edit, the first rule included.
 */
export interface EditorWorkload {
  /** Short id used in the bench's rows. */
  id: string;
  /** What the file is, for the row's note. */
  what: string;
  /** Files of the repository, by path relative to its root (committed before the edits). */
  files: Record<string, string>;
  /** The rule file opened and edited. */
  rulePath: string;
  /** Its stored requests, opened beside it (edits of the rules re-run them). */
  requestsPath: string;
  rules: number;
  requests: number;
  /** The rule file after edit `k` (every edit a different single-rule change from the committed text). */
  edit(k: number): string;
  /** A line (0-based) of a rule of the edited text, for a hover. */
  hoverLine(k: number): number;
}

const DECISIONS = ['allow', 'ask', 'deny'] as const;
/** Where edit k lands: the first rule, then spread over the file. */
const spot = (k: number, n: number) => (k === 0 ? 0 : (k * 1777) % n);

function requestsJson(reqs: readonly object[]): string {
  return `{\n  "requests": [\n${reqs.map((r) => `    ${JSON.stringify(r)}`).join(',\n')}\n  ]\n}\n`;
}

/** Line of the `i`-th item in a text made of one item per line after `header` lines. */
const lineOf = (header: number) => (i: number) => header + i;

/**
 * The issue's file: OpenCode V1, a `bash` map and an `edit` map of 2,500 patterns each, every
 * pattern carrying several `*` (`git diff * --x1 *`, `src/mod12/*`), 500 stored requests.
 */
function opencodeIssue(rules: number, requests: number): EditorWorkload {
  const half = rules >> 1;
  const bash = (i: number) => (i % 2 ? `git diff * --x${i} *` : `npm run * --s${i} * --w${i % 7}`);
  const edit = (i: number) => (i % 3 === 0 ? `src/mod${i}/*` : i % 3 === 1 ? `src/*/gen${i}/*.ts` : `*/lib${i}/*/*.json`);
  const text = (flip: number, repattern: number) => {
    const b: string[] = [];
    const e: string[] = [];
    for (let i = 0; i < half; i++) b.push(`      ${JSON.stringify(i === repattern ? `${bash(i)} --changed` : bash(i))}: "${DECISIONS[(i + (i === flip ? 1 : 0)) % 3]}"`);
    for (let i = 0; i < rules - half; i++) e.push(`      ${JSON.stringify(i + half === repattern ? `${edit(i)}.bak` : edit(i))}: "${DECISIONS[(i + 1 + (i + half === flip ? 1 : 0)) % 3]}"`);
    return `{\n  "$schema": "https://opencode.ai/config.json",\n  "permission": {\n    "bash": {\n${b.join(',\n')}\n    },\n    "edit": {\n${e.join(',\n')}\n    }\n  }\n}\n`;
  };
  const rnd = prng(35);
  const reqs = Array.from({ length: requests }, (_, j) => {
    const i = Math.floor(rnd() * half);
    return j % 2
      ? { name: `r${j}`, origin: 'synthetic', action: 'bash', resources: [i % 2 ? `git diff HEAD~${j} --x${i} --stat` : `npm run build --s${i} x --w${i % 7}`] }
      : { name: `r${j}`, origin: 'synthetic', action: 'edit', resources: [i % 3 === 0 ? `src/mod${i}/a.ts` : `src/x/gen${i}/b.ts`, `docs/${j}.md`] };
  });
  // Lines: 4 header lines, the bash entries, 2 lines between the maps, the edit entries.
  const line = (i: number) => (i < half ? 4 + i : 4 + half + 2 + (i - half));
  return {
    id: 'opencode-issue',
    what: `OpenCode V1, ${rules} bash/edit patterns with several * each, ${requests} stored requests`,
    files: { 'opencode.json': text(-1, -1), 'opencode.requests.json': requestsJson(reqs) },
    rulePath: 'opencode.json',
    requestsPath: 'opencode.requests.json',
    rules,
    requests,
    edit: (k) => (k % 2 ? text(-1, spot(k, rules)) : text(spot(k, rules), -1)),
    hoverLine: (k) => line(spot(k, rules)),
  };
}

/** OpenCode V2 rules of one shape per action: `resource(i)`, decisions cycling, `requestsOf` subjects. */
function opencodeV2(id: string, what: string, rules: number, requests: number, rule: (i: number) => { action: string; resource: string }, subject: (j: number, rnd: () => number) => { action: string; resources: string[] }): EditorWorkload {
  const text = (flip: number, repattern: number) => {
    const out: string[] = [];
    for (let i = 0; i < rules; i++) {
      const r = rule(i);
      const resource = i === repattern ? `${r.resource}x` : r.resource;
      out.push(`    ${JSON.stringify({ action: r.action, resource, effect: DECISIONS[(i + (i === flip ? 1 : 0)) % 3] })}`);
    }
    return `{\n  "permissions": [\n${out.join(',\n')}\n  ]\n}\n`;
  };
  const rnd = prng(rules + requests);
  const reqs = Array.from({ length: requests }, (_, j) => ({ name: `r${j}`, origin: 'synthetic', ...subject(j, rnd) }));
  return {
    id,
    what: `${what}, ${rules} rules, ${requests} stored requests`,
    files: { 'opencode.json': text(-1, -1), 'opencode.requests.json': requestsJson(reqs) },
    rulePath: 'opencode.json',
    requestsPath: 'opencode.requests.json',
    rules,
    requests,
    edit: (k) => (k % 2 ? text(-1, spot(k, rules)) : text(spot(k, rules), -1)),
    hoverLine: (k) => lineOf(2)(spot(k, rules)),
  };
}

const ACTIONS = ['edit', 'read', 'bash', 'webfetch', 'glob'];

/** Patterns of five to seven stars each, over few literal letters: automata with many live states. */
function manyStars(rules: number, requests: number): EditorWorkload {
  return opencodeV2('many-stars', 'OpenCode V2, 5–7 * per pattern', rules, requests,
    (i) => ({ action: ACTIONS[i % ACTIONS.length], resource: `*a${i % 31}*b*${i % 13}*c*${i % 3 ? 'd*' : ''}e${i}*` }),
    (j, rnd) => ({ action: ACTIONS[j % ACTIONS.length], resources: [`xa${j % 31}yb${Math.floor(rnd() * 99)}z${j % 13}c-d-e${Math.floor(rnd() * rules)}.txt`] }));
}

const PREFIX = 'workspace/services/platform/backend/internal/modules/payments/adapters/providers/';

/** Every pattern behind the same long literal prefix: a trie or prefix search gains nothing. */
function longPrefixes(rules: number, requests: number): EditorWorkload {
  return opencodeV2('long-prefixes', `OpenCode V2, one ${PREFIX.length}-character prefix shared by every pattern`, rules, requests,
    (i) => ({ action: ACTIONS[i % 3], resource: `${PREFIX}${i % 4 === 0 ? '*' : `p${i}/`}${i % 2 ? '*' : `src/*.ts`}` }),
    (j, rnd) => ({ action: ACTIONS[j % 3], resources: [`${PREFIX}p${Math.floor(rnd() * rules)}/src/main.ts`, `${PREFIX}other/${j}`] }));
}

/** Allows and denies that overlap across actions (`*`, `mcp_*`, literal actions) and nest by folder and extension. */
function overlapping(rules: number, requests: number): EditorWorkload {
  const acts = ['*', 'edit', 'read', 'bash', 'mcp_*', 'e*'];
  const exts = ['ts', 'env', 'json', 'md'];
  return opencodeV2('overlapping', 'OpenCode V2, allows and denies overlapping across actions and folders', rules, requests,
    (i) => ({ action: acts[i % acts.length], resource: i % 5 === 0 ? `*.${exts[i % 4]}` : i % 5 === 1 ? `src/*` : i % 5 === 2 ? `src/d${i % 50}/*` : i % 5 === 3 ? `*/d${i % 50}/*.${exts[i % 4]}` : `src/d${i % 50}/f${i}*` }),
    (j, rnd) => ({ action: ['edit', 'read', 'bash', 'mcp_x', 'exec'][j % 5], resources: [`src/d${Math.floor(rnd() * 50)}/f${Math.floor(rnd() * rules)}.${exts[j % 4]}`, `lib/${j}.md`] }));
}

const TOOLS = ['npm', 'git', 'ls', 'cat', 'grep', 'node', 'python3', 'cargo', 'docker', 'make', 'find', 'sed', 'curl', 'jq'];

/** A Claude Code settings file: Bash prefixes and wildcards, exact commands with pipes, Read/Edit paths, WebFetch, MCP. */
function claude(rules: number, requests: number): EditorWorkload {
  const entry = (i: number) => {
    const t = TOOLS[i % TOOLS.length];
    switch (i % 6) {
      case 0: return `Bash(${t} run task${i} *)`;
      case 1: return `Bash(${t} sub${i}:*)`;
      case 2: return `Bash(${t} -x ${i} | head -${i % 50})`;
      case 3: return `Read(./src/m${i}/**)`;
      case 4: return `Edit(docs/s${i}/*.md)`;
      default: return i % 12 === 5 ? `WebFetch(domain:host${i}.example.com)` : `mcp__server${i % 7}__tool${i}`;
    }
  };
  const text = (flip: number, repattern: number) => {
    const lists: Record<string, string[]> = { allow: [], ask: [], deny: [] };
    const where: string[] = [];
    for (let i = 0; i < rules; i++) {
      const key = ['allow', 'deny', 'ask', 'allow'][(i + (i === flip ? 1 : 0)) % 4];
      lists[key].push(i === repattern ? entry(i).replace(')', ' --more)').replace(/^(mcp__.*)$/, '$1x') : entry(i));
      where.push(key);
    }
    return `{\n  "permissions": {\n${(['allow', 'ask', 'deny'] as const).map((k) => `    "${k}": [\n${lists[k].map((e) => `      ${JSON.stringify(e)}`).join(',\n')}\n    ]`).join(',\n')}\n  }\n}\n`;
  };
  const rnd = prng(3000);
  const reqs = Array.from({ length: requests }, (_, j) => {
    const i = Math.floor(rnd() * rules);
    const t = TOOLS[i % TOOLS.length];
    switch (j % 3) {
      case 0: return { name: `r${j}`, origin: 'synthetic', tool: 'Bash', command: `${t} run task${i} --watch && ${TOOLS[j % TOOLS.length]} sub${j} x` };
      case 1: return { name: `r${j}`, origin: 'synthetic', tool: 'Read', path: `src/m${i}/a/b.ts` };
      default: return { name: `r${j}`, origin: 'synthetic', tool: 'Edit', path: `docs/s${i}/page.md` };
    }
  });
  return {
    id: 'claude',
    what: `Claude Code settings, ${rules} rules (Bash prefixes and wildcards, Read/Edit paths, WebFetch, MCP), ${requests} stored requests`,
    files: { '.claude/settings.json': text(-1, -1), '.claude/settings.requests.json': requestsJson(reqs) },
    rulePath: '.claude/settings.json',
    requestsPath: '.claude/settings.requests.json',
    rules,
    requests,
    edit: (k) => (k % 2 ? text(-1, spot(k, rules)) : text(spot(k, rules), -1)),
    // The allow list starts on line 3.
    hoverLine: () => 3,
  };
}

/** A Codex exec-policy file of `prefix_rule`s: token prefixes with alternatives, examples on some. */
function codex(rules: number, requests: number): EditorWorkload {
  const dec = ['allow', 'prompt', 'forbidden'];
  const text = (flip: number, repattern: number) => {
    const out: string[] = ['# exec policy'];
    for (let i = 0; i < rules; i++) {
      const t = TOOLS[i % TOOLS.length];
      const pattern = i % 3 === 0 ? `["${t}", ["sub${i}", "alt${i}"]]` : `["${t}", "run", "task${i}"${i === repattern ? ', "more"' : ''}]`;
      out.push(`prefix_rule(pattern = ${pattern}, decision = "${dec[(i + (i === flip ? 1 : 0)) % 3]}")`);
    }
    return `${out.join('\n')}\n`;
  };
  const rnd = prng(2000);
  const reqs = Array.from({ length: requests }, (_, j) => {
    const i = Math.floor(rnd() * rules);
    const t = TOOLS[i % TOOLS.length];
    return { name: `r${j}`, command: i % 3 === 0 ? `${t} sub${i} --flag x` : `${t} run task${i} -- y` };
  });
  return {
    id: 'codex',
    what: `Codex exec policy, ${rules} prefix_rule calls, ${requests} stored requests`,
    files: { '.codex/rules/default.rules': text(-1, -1), '.codex/rules/default.requests.json': requestsJson(reqs) },
    rulePath: '.codex/rules/default.rules',
    requestsPath: '.codex/rules/default.requests.json',
    rules,
    requests,
    edit: (k) => (k % 2 ? text(-1, spot(k, rules)) : text(spot(k, rules), -1)),
    hoverLine: (k) => 1 + spot(k, rules),
  };
}

/** A Gemini CLI policy of `[[rule]]` tables: shell prefixes, regexes, tools and MCP servers at many priorities. */
function gemini(rules: number, requests: number): EditorWorkload {
  const dec = ['allow', 'ask_user', 'deny'];
  const text = (flip: number, repattern: number) => {
    const out: string[] = [];
    for (let i = 0; i < rules; i++) {
      const t = TOOLS[i % TOOLS.length];
      const d = dec[(i + (i === flip ? 1 : 0)) % 3];
      const more = i === repattern ? ' more' : '';
      const body = i % 4 === 0 ? `toolName = "run_shell_command"\ncommandPrefix = "${t} task${i}${more}"`
        : i % 4 === 1 ? `toolName = "run_shell_command"\ncommandRegex = "${t} .*--opt${i}${more}"`
          : i % 4 === 2 ? `toolName = "read_file"\nargsPattern = "src/m${i}/${more}"`
            : `toolName = "*"\nmcpName = "server${i}${more.trim()}"`;
      out.push(`[[rule]]\n${body}\ndecision = "${d}"\npriority = ${(i * 37) % 999}\n`);
    }
    return out.join('\n');
  };
  const rnd = prng(2001);
  const reqs = Array.from({ length: requests }, (_, j) => {
    const i = Math.floor(rnd() * rules);
    const t = TOOLS[i % TOOLS.length];
    return j % 2
      ? { name: `r${j}`, tool: 'run_shell_command', args: { command: `${t} task${i} x && ${t} y --opt${i}` } }
      : { name: `r${j}`, tool: 'read_file', args: { absolute_path: `/w/src/m${i}/a.ts` } };
  });
  return {
    id: 'gemini',
    what: `Gemini CLI policy, ${rules} rules (shell prefixes and regexes, tools, MCP servers), ${requests} stored requests`,
    files: { '.gemini/policies/policy.toml': text(-1, -1), '.gemini/policies/policy.requests.json': requestsJson(reqs) },
    rulePath: '.gemini/policies/policy.toml',
    requestsPath: '.gemini/policies/policy.requests.json',
    rules,
    requests,
    edit: (k) => (k % 2 ? text(-1, spot(k, rules)) : text(spot(k, rules), -1)),
    hoverLine: (k) => 1 + 6 * spot(k, rules),
  };
}

/**
 * Every workload of the editor benchmark, at the sizes the issue names.
 * @example editorWorkloads().map((w) => w.id) // ['opencode-issue', 'many-stars', …]
 */
export function editorWorkloads(): EditorWorkload[] {
  return [
    opencodeIssue(5000, 500),
    manyStars(5000, 500),
    longPrefixes(5000, 500),
    overlapping(5000, 500),
    claude(3000, 300),
    codex(2000, 300),
    gemini(2000, 300),
  ];
}
