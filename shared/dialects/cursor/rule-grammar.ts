import { CURSOR_TYPES, type CursorType } from './types';

/** What one entry string says: its type and argument, or why Cursor CLI never matches it. */
export interface EntryShape {
  type?: CursorType;
  argument: string;
  commandBase?: string;
  args?: string;
  server?: string;
  tool?: string;
  never?: string;
  /** The spelling is accepted but not confirmed by Cursor's own documentation pages. */
  unconfirmed?: string;
}

/** Types other agents use that people carry over by mistake, with the Cursor type they meant. */
const OTHER_AGENTS: Readonly<Record<string, string>> = { Bash: 'Shell', Edit: 'Write', MultiEdit: 'Write', WebSearch: 'WebFetch', Fetch: 'WebFetch', Glob: 'Read', Grep: 'Read', LS: 'Read' };

/**
 * Reads one `permissions` entry, `Type(argument)`, as Cursor CLI's documentation describes it:
 * entries are exact strings, so a type spelled another way (`shell(ls)`, `Bash(ls)`) is not one
 * of Cursor's and never matches.
 * @example readEntry('Shell(curl:*)') // { type: 'Shell', argument: 'curl:*', commandBase: 'curl', args: '*' }
 */
export function readEntry(text: string): EntryShape {
  const open = text.indexOf('(');
  if (open <= 0 || !text.endsWith(')')) return { argument: text, never: `"${text}" is not of the form Type(argument) (e.g. Shell(git), Read(src/**))` };
  const name = text.slice(0, open);
  const argument = text.slice(open + 1, -1);
  const type = (CURSOR_TYPES as readonly string[]).find((t) => t === name) as CursorType | undefined;
  if (!type) {
    const cased = CURSOR_TYPES.find((t) => t.toLowerCase() === name.toLowerCase());
    const meant = cased ?? OTHER_AGENTS[name];
    return { argument, never: `"${name}" is not a Cursor CLI permission type (entries are exact strings: ${CURSOR_TYPES.join(', ')})${meant ? `; did you mean ${meant}(${argument})?` : ''}` };
  }
  if (argument.trim() === '') return { type, argument, never: `${type}() names nothing: it matches no request` };
  if (type === 'Shell') {
    const colon = argument.indexOf(':');
    if (colon < 0) return { type, argument, commandBase: argument };
    return { type, argument, commandBase: argument.slice(0, colon), args: argument.slice(colon + 1) };
  }
  if (type === 'Mcp') {
    const comma = argument.indexOf(',');
    const sep = comma >= 0 ? comma : argument.indexOf(':');
    const unconfirmed = "Cursor's documentation pages do not show the Mcp(…) syntax; RuleLens reads Mcp(server, tool) and Mcp(server:tool)";
    if (sep < 0) return { type, argument, server: argument.trim(), tool: '*', unconfirmed: `${unconfirmed}, and Mcp(server) as every tool of the server` };
    return { type, argument, server: argument.slice(0, sep).trim(), tool: argument.slice(sep + 1).trim(), unconfirmed };
  }
  return { type, argument };
}
