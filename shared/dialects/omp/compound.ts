import type { TraceSection } from '../../model';
import { criticalHit } from './critical';
import { SELECTION_COLUMNS, selectRule, type ToolDecision } from './decide';
import type { OmpRule } from './rules';

/** Builtins that change the shell the next command runs in, or run text as code: never literal. */
const STATEFUL = new Set(['.', ':', 'alias', 'bg', 'bind', 'break', 'builtin', 'caller', 'case', 'cd', 'command', 'compgen', 'complete', 'continue', 'declare', 'dirs', 'disown', 'do', 'done', 'elif', 'else', 'enable', 'esac', 'eval', 'exec', 'exit', 'export', 'fc', 'fg', 'fi', 'for', 'function', 'getopts', 'hash', 'history', 'if', 'in', 'jobs', 'let', 'logout', 'mapfile', 'local', 'popd', 'printf', 'pushd', 'readonly', 'read', 'readarray', 'return', 'select', 'set', 'shift', 'shopt', 'source', 'suspend', 'then', 'time', 'times', 'trap', 'typeset', 'ulimit', 'umask', 'unalias', 'unset', 'until', 'wait', 'while']);
/** Programs that run another command or a shell. */
const INTERPRETERS = new Set(['ash', 'bash', 'busybox', 'csh', 'dash', 'env', 'nocorrect', 'noglob', 'fish', 'ksh', 'sh', 'sudo', 'tcsh', 'zsh']);
const ASSIGNMENT = /^[A-Z_]\w*\+?=/i;
const REINTERPRETS = /^(?:-[^-]*[ce]|--(?:command|eval)(?:=.*)?)$/;
/** Unquoted characters that need the shell beyond quote removal: the chain is not literal. */
const NOT_LITERAL = new Set(['\n', '\r', '&', '|', ';', '<', '>', '`', '$', '(', ')', '*', '?', '[', ']', '{', '}', '~']);

/** One command of a literal `&&` chain: its text as written and its words after quote removal. */
export interface ChainSegment {
  text: string;
  argv: string[];
}

/**
 * The commands of a literal `&&` chain, as oh-my-pi's `bash.allowCompoundCommands` reads them:
 * two or more plain commands joined only by `&&`, with nothing but quote removal to interpret (no
 * expansion, globbing, redirection, assignment, comment at a word start, control characters,
 * stateful builtins or interpreters). Anything else gives null: the command is judged whole.
 * @example literalAndChain('git status && echo hi')?.map((s) => s.text) // ['git status', 'echo hi']
 */
export function literalAndChain(command: string): ChainSegment[] | null {
  for (let i = 0; i < command.length; i++) {
    const code = command.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return null;
  }
  const segments: ChainSegment[] = [];
  let argv: string[] = [];
  let token = '';
  let started = false;
  let quote: '"' | "'" | null = null;
  let start = 0;
  const endToken = () => {
    if (started) argv.push(token);
    token = '';
    started = false;
  };
  const endSegment = (end: number): boolean => {
    endToken();
    const exe = argv[0];
    if (!exe) return false;
    const name = exe.slice(Math.max(exe.lastIndexOf('/'), exe.lastIndexOf('\\')) + 1);
    if (argv.some((a) => ASSIGNMENT.test(a)) || argv.some((a, k) => k > 0 && REINTERPRETS.test(a)) || STATEFUL.has(name) || INTERPRETERS.has(name)) return false;
    segments.push({ text: command.slice(start, end).trim(), argv });
    argv = [];
    return true;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else token += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '$' || c === '`') return null;
      else if (c === '\\') {
        const next = command[i + 1];
        if (next === undefined) return null;
        if (next === '"' || next === '\\' || next === '$' || next === '`') {
          token += next;
          i++;
        } else token += c;
      } else token += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      started = true;
    } else if (c === '\\') {
      const next = command[i + 1];
      if (next === undefined) return null;
      token += next;
      started = true;
      i++;
    } else if (c === ' ' || c === '\t') endToken();
    else if (c === '&' && command[i + 1] === '&') {
      if (!endSegment(i)) return null;
      i++;
      start = i + 1;
    } else if (NOT_LITERAL.has(c) || (c === '#' && !started)) return null;
    else {
      token += c;
      started = true;
    }
  }
  if (quote || !endSegment(command.length) || segments.length < 2) return null;
  return segments;
}

/** A compound decision and the trace sections of its segments. */
export interface CompoundOutcome {
  decision: ToolDecision;
  sections: TraceSection[];
  /** The rule that decided (a segment's deny/prompt, or the last segment's allow), or null. */
  rule: OmpRule | null;
}

/**
 * oh-my-pi's decision for a literal `&&` chain with `bash.allowCompoundCommands: true`: each
 * command selects its own first applicable rule; any segment's deny wins (over an earlier
 * segment's prompt), then any prompt, then a critical segment; the chain is allowed (tier write)
 * only when every segment selected an allow; otherwise the plain exec tier decides.
 * @example compoundDecision(rules, literalAndChain('git status && echo hi')!).decision.policy // 'allow'
 */
export function compoundDecision(rules: readonly OmpRule[], segments: ChainSegment[]): CompoundOutcome {
  const picks = segments.map((s) => ({ s, sel: selectRule(rules, s.text) }));
  const sections: TraceSection[] = picks.map(({ s, sel }) => ({
    kind: 'chain segment',
    subject: s.text,
    columns: SELECTION_COLUMNS,
    rows: sel.rows,
    controlling: sel.selected?.index ?? null,
    decision: null,
    branch: sel.selected ? `first applicable rule: ${sel.selected.label}` : 'no rule applies',
  }));
  const denied = picks.find((p) => p.sel.selected?.native === 'deny');
  if (denied) return { sections, rule: denied.sel.selected, decision: { policy: 'deny', tier: 'exec', override: false, reason: `Blocked by bash pattern: ${denied.sel.selected!.match}`, critical: null, step: 'deny-rule' } };
  const prompted = picks.find((p) => p.sel.selected?.native === 'prompt');
  if (prompted) return { sections, rule: prompted.sel.selected, decision: { policy: 'prompt', tier: 'exec', override: false, reason: `Prompt required by bash pattern: ${prompted.sel.selected!.match}`, critical: null, step: 'prompt-rule' } };
  for (const p of picks) {
    const critical = criticalHit(p.s.text);
    if (critical) return { sections, rule: null, decision: { policy: null, tier: 'exec', override: true, reason: 'Critical pattern detected', critical, step: 'critical' } };
  }
  if (picks.every((p) => p.sel.selected?.native === 'allow')) {
    return { sections, rule: picks[picks.length - 1].sel.selected, decision: { policy: 'allow', tier: 'write', override: false, reason: null, critical: null, step: 'allow-rule' } };
  }
  return { sections, rule: null, decision: { policy: null, tier: 'exec', override: false, reason: null, critical: null, step: 'no-rule' } };
}
