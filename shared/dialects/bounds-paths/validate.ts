import * as path from 'path';
import type { Node } from 'jsonc-parser';
import { compileGlob } from '../../patterns/glob';
import { finding, type Finding, type SourceText } from '../../model';
import { duplicateKeyFindings, parseJson, properties, prop, rangeOf, typeName } from '../../json/tree';
import type { FileInfo } from '../dialect';
import { ACCESSES, type Access, type PathsRule, type PathsRuleSet, type ToolConfig } from './types';

export const PATHS_VERSION = 1;
export const PATHS_TOP_KEYS: readonly string[] = ['version', 'root', 'tools', 'allow', 'deny', '$schema'];
export const FILE_TOOL_KEYS: readonly string[] = ['path_arg', 'access'];
export const SHELL_TOOL_KEYS: readonly string[] = ['shell', 'command_arg', 'cwd_arg'];
/** The folder whose parent is the default scope root. */
export const ATTESSO_DIR = '.attesso';

/**
 * The default scope root of a paths file: the folder containing `.attesso/`, or the file's own
 * folder when it lives elsewhere.
 * @example defaultBase('/p/.attesso/paths.json') // '/p'
 */
export function defaultBase(filePath: string): string {
  const dir = path.dirname(path.resolve(filePath));
  return path.basename(dir) === ATTESSO_DIR ? path.dirname(dir) : dir;
}

class Validator {
  readonly findings: Finding[] = [];
  readonly rules: PathsRule[] = [];
  readonly tools = new Map<string, ToolConfig>();
  constructor(readonly src: SourceText) {}

  error(node: Node, message: string): void {
    this.findings.push(finding('schema', 'error', message, rangeOf(this.src, node)));
  }

  warnUnknown(obj: Node, allowed: readonly string[], where: string): void {
    for (const p of properties(obj)) {
      if (!allowed.includes(p.key)) this.findings.push(finding('schema', 'warning', `unknown key "${p.key}" in ${where} (known: ${allowed.filter((k) => k !== '$schema').join(', ')}); it is ignored`, rangeOf(this.src, p.keyNode)));
    }
  }

  str(obj: Node, key: string, where: string, required: boolean): string | undefined {
    const n = prop(obj, key);
    if (!n) {
      if (required) this.error(obj, `${where}: missing "${key}" (a non-empty string)`);
      return undefined;
    }
    if (n.type !== 'string' || n.value === '') {
      this.error(n, `${where}: "${key}" must be a non-empty string, found ${n.type === 'string' ? 'an empty string' : typeName(n)}`);
      return undefined;
    }
    return n.value as string;
  }

  tool(name: string, node: Node): void {
    const where = `tool "${name}"`;
    if (node.type !== 'object') return this.error(node, `${where} must be {"path_arg", "access"} or {"shell": true, "command_arg", "cwd_arg"?}, found ${typeName(node)}`);
    const shell = prop(node, 'shell');
    if (shell) {
      this.warnUnknown(node, SHELL_TOOL_KEYS, where);
      if (shell.type !== 'boolean' || shell.value !== true) return this.error(shell, `${where}: "shell" must be true (omit it for a file tool)`);
      const commandArg = this.str(node, 'command_arg', where, true);
      const cwdArg = this.str(node, 'cwd_arg', where, false);
      if (prop(node, 'cwd_arg') && cwdArg === undefined) return;
      if (commandArg) this.tools.set(name, { kind: 'shell', name, commandArg, ...(cwdArg ? { cwdArg } : {}) });
      return;
    }
    this.warnUnknown(node, FILE_TOOL_KEYS, where);
    const pathArg = this.str(node, 'path_arg', where, true);
    const access = prop(node, 'access');
    if (!access) return this.error(node, `${where}: missing "access" ("read" or "write")`);
    if (access.type !== 'string' || !(ACCESSES as readonly string[]).includes(access.value)) return this.error(access, `${where}: "access" must be "read" or "write", found ${access.type === 'string' ? `"${access.value}"` : typeName(access)}`);
    if (pathArg) this.tools.set(name, { kind: 'file', name, pathArg, access: access.value as Access });
  }

  globs(block: Node, decision: 'allow' | 'deny'): void {
    if (block.type !== 'object') return this.error(block, `"${decision}" must be an object {"read": [globs], "write": [globs]}, found ${typeName(block)}`);
    this.warnUnknown(block, ACCESSES, `"${decision}"`);
    for (const p of properties(block)) {
      if (!(ACCESSES as readonly string[]).includes(p.key) || !p.value || prop(block, p.key) !== p.value) continue;
      if (p.value.type !== 'array') {
        this.error(p.value, `"${decision}.${p.key}" must be an array of globs, found ${typeName(p.value)}`);
        continue;
      }
      for (const g of p.value.children ?? []) {
        if (g.type !== 'string' || g.value === '') {
          this.error(g, `a glob must be a non-empty string, found ${g.type === 'string' ? 'an empty string' : typeName(g)}`);
          continue;
        }
        let test: (s: string) => boolean | undefined;
        try {
          const m = compileGlob(g.value as string, { dot: true });
          test = (s) => m.test(s);
        } catch (e) {
          this.error(g, `invalid glob "${g.value}": ${e instanceof Error ? e.message : String(e)}`);
          continue;
        }
        const access = p.key as Access;
        this.rules.push({
          index: this.rules.length,
          id: null,
          decision,
          native: decision === 'allow' ? 'ALLOW' : 'DENY',
          label: `${decision} ${access} ${g.value}`,
          range: rangeOf(this.src, g),
          access,
          glob: g.value,
          test,
        });
      }
    }
  }
}

/**
 * Parses and validates a `paths.json`; globs become rules in file order.
 * @example parseBoundsPaths({ path: '/p/.attesso/paths.json', text }).root // '/p'
 */
export function parseBoundsPaths(file: FileInfo): PathsRuleSet {
  const doc = parseJson(file.text);
  const v = new Validator(doc.source);
  v.findings.push(...doc.findings);
  const out: PathsRuleSet = { dialect: 'bounds-paths', path: file.path, source: doc.source, rules: v.rules, findings: v.findings, rootField: '.', root: defaultBase(file.path), tools: v.tools };
  const root = doc.root;
  if (!root) return out;
  v.findings.push(...duplicateKeyFindings(doc.source, root));
  if (root.type !== 'object') {
    v.error(root, `a paths file must be an object {"version": 1, "tools", "allow", "deny"}, found ${typeName(root)}`);
    return out;
  }
  v.warnUnknown(root, PATHS_TOP_KEYS, 'the paths file');
  const version = prop(root, 'version');
  if (!version) v.error(root, `missing "version" (exactly ${PATHS_VERSION})`);
  else if (version.type !== 'number' || version.value !== PATHS_VERSION) v.error(version, `"version" must be exactly ${PATHS_VERSION}, found ${version.type === 'number' ? version.value : typeName(version)}`);
  const rootNode = prop(root, 'root');
  if (rootNode) {
    if (rootNode.type !== 'string' || rootNode.value === '') v.error(rootNode, `"root" must be a non-empty path string, found ${typeName(rootNode)}`);
    else {
      out.rootField = rootNode.value;
      out.root = path.resolve(defaultBase(file.path), rootNode.value);
      out.rootRange = rangeOf(doc.source, rootNode);
    }
  }
  const tools = prop(root, 'tools');
  if (!tools) v.error(root, 'missing "tools" (an object of tool name → {"path_arg", "access"} or {"shell": true, "command_arg"})');
  else if (tools.type !== 'object') v.error(tools, `"tools" must be an object, found ${typeName(tools)}`);
  else for (const p of properties(tools)) if (p.value && prop(tools, p.key) === p.value) v.tool(p.key, p.value);
  // allow and deny are read in file order so rule numbers follow the text.
  for (const p of properties(root)) {
    if ((p.key === 'allow' || p.key === 'deny') && p.value && prop(root, p.key) === p.value) v.globs(p.value, p.key);
  }
  return out;
}
