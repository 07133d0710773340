/**
 * The rule string grammar: `Tool` or `Tool(specifier)`. Errors carry offsets into the decoded
 * string so the caller can map them to exact ranges inside the JSON literal.
 */

/** Built-in tool names the agent knows; anything else (but `mcp__…`) is a typo that matches nothing. */
export const KNOWN_TOOLS: readonly string[] = [
  'Bash', 'BashOutput', 'KillShell', 'KillBash', 'Read', 'Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'NotebookRead',
  'Glob', 'Grep', 'LS', 'WebFetch', 'WebSearch', 'Agent', 'Task', 'Skill', 'SlashCommand', 'TodoWrite', 'TodoRead',
  'ExitPlanMode', 'Cd', 'ListMcpResourcesTool', 'ReadMcpResourceTool',
  // Tool names of @anthropic-ai/claude-code 2.1.332 (constants of bin/claude.exe), seen in real
  // settings: rules naming them match those tools' calls.
  'AskUserQuestion', 'TaskCreate', 'TaskGet', 'TaskList', 'TaskUpdate', 'TaskStop', 'TaskOutput', 'ToolSearch', 'LSP',
  'CronCreate', 'CronDelete', 'CronList', 'EnterPlanMode', 'EnterWorktree', 'ExitWorktree', 'SendMessage',
  'PushNotification', 'RemoteTrigger', 'ScheduleWakeup', 'ReportFindings', 'DesignSync', 'Monitor',
  // Claude Code's Windows shell tool (2.1.x, `PowerShell(git status *)` rules). Its command
  // matching is not modelled: the evaluator gives such a rule no subject, so an allow never
  // auto-allows and a deny or ask takes every PowerShell call (the stricter answer).
  'PowerShell',
];

/** Tools whose specifier is a path pattern consulted by the agent. */
export const PATH_RULE_TOOLS: readonly string[] = ['Read', 'Edit'];
/** Tools whose `(…)` path rules the agent accepts but never consults, and the rule to write instead. */
export const NEVER_CONSULTED: Readonly<Record<string, string>> = { Write: 'Edit', MultiEdit: 'Edit', NotebookEdit: 'Edit', Glob: 'Read', Grep: 'Read', LS: 'Read' };

export interface GrammarError {
  start: number;
  end: number;
  message: string;
}

export interface ParsedRuleText {
  tool: string;
  specifier: string | null;
  errors: GrammarError[];
}

const TOOL_NAME = /^[\w*-]+$/;

/**
 * Splits a rule string into tool name and specifier and checks its grammar. Never throws.
 * @example parseRuleText('Bash(npm test:*)') // { tool: 'Bash', specifier: 'npm test:*', errors: [] }
 */
export function parseRuleText(text: string): ParsedRuleText {
  const errors: GrammarError[] = [];
  const open = text.indexOf('(');
  const tool = (open < 0 ? text : text.slice(0, open)).trim();
  if (tool === '') {
    errors.push({ start: 0, end: Math.max(1, open), message: 'missing tool name (e.g. "Bash(npm test)")' });
    return { tool, specifier: null, errors };
  }
  if (!TOOL_NAME.test(tool)) {
    errors.push({ start: 0, end: open < 0 ? text.length : open, message: `"${tool}" is not a tool name (letters, digits, "_", "-" and "*" only)` });
  } else if (!tool.includes('*') && !tool.startsWith('mcp__') && !KNOWN_TOOLS.includes(tool)) {
    const hint = KNOWN_TOOLS.find((k) => k.toLowerCase() === tool.toLowerCase());
    errors.push({ start: 0, end: tool.length, message: `unknown tool "${tool}"${hint ? ` (did you mean "${hint}"? tool names are case-sensitive)` : ''}: the rule matches nothing` });
  }
  if (open < 0) {
    const close = text.indexOf(')');
    if (close >= 0) errors.push({ start: close, end: close + 1, message: 'unbalanced parentheses: ")" without "("' });
    return { tool, specifier: null, errors };
  }
  if (!text.endsWith(')')) {
    errors.push({ start: open, end: text.length, message: 'unbalanced parentheses: the specifier must end with ")"' });
    return { tool, specifier: text.slice(open + 1), errors };
  }
  const specifier = text.slice(open + 1, -1);
  if (specifier.trim() === '') {
    errors.push({ start: open, end: text.length, message: `empty "()": write "${tool}" for the whole tool or put a pattern inside` });
    return { tool, specifier, errors };
  }
  const unbalanced = unbalancedParen(specifier);
  if (unbalanced >= 0) {
    errors.push({ start: open + 1 + unbalanced, end: open + 2 + unbalanced, message: 'unbalanced parentheses inside the specifier' });
  }
  // `:*` is Bash's legacy prefix marker; elsewhere (`domain:*.example.com`) it is ordinary text.
  const legacy = tool === 'Bash' ? specifier.indexOf(':*') : -1;
  if (legacy >= 0 && legacy !== specifier.length - 2) {
    errors.push({ start: open + 1 + legacy, end: open + 3 + legacy, message: '":*" is only special at the end of a specifier (legacy prefix form); here it is literal text. Use "*"' });
  }
  return { tool, specifier, errors };
}

/** Offset of the first parenthesis that has no partner (escaped ones skipped), or -1. */
function unbalancedParen(s: string): number {
  const opens: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === '(') opens.push(i);
    else if (c === ')') {
      if (opens.length === 0) return i;
      opens.pop();
    }
  }
  return opens.length ? opens[0] : -1;
}

/**
 * Raw source offsets of each decoded character of a JSON string literal (`raw` includes the
 * quotes), so offsets into the decoded value map to exact source positions even across escapes.
 * @example literalOffsets('"a\\nb"') // [1, 2, 4, 5]  (last entry: end of the contents)
 */
export function literalOffsets(raw: string): number[] {
  const out: number[] = [];
  let i = 1;
  const end = raw.endsWith('"') && raw.length > 1 ? raw.length - 1 : raw.length;
  while (i < end) {
    out.push(i);
    if (raw[i] === '\\') i += raw[i + 1] === 'u' ? 6 : 2;
    else i += 1;
  }
  out.push(Math.min(i, end));
  return out;
}
