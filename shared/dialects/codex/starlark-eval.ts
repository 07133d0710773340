import type { Node as SyntaxNode } from 'web-tree-sitter';

/** Where a value was written (UTF-16 offsets into the file). */
export interface Span {
  start: number;
  end: number;
}

/** A Starlark value as far as rule files need it; `unknown` stands for what is not modelled. */
export type Value =
  | { k: 'str'; v: string; at: Span }
  | { k: 'int'; v: number; at: Span }
  | { k: 'bool'; v: boolean; at: Span }
  | { k: 'none'; at: Span }
  | { k: 'list'; items: Value[]; at: Span }
  | { k: 'unknown'; why: string; at: Span };

/** A call of one of the rule builtins, with its arguments evaluated. */
export interface BuiltinCall {
  name: string;
  at: Span;
  positional: Value[];
  keywords: Map<string, { value: Value; keyAt: Span }>;
  /** Set when the arguments could not be read (a splat, a duplicate keyword). */
  broken?: string;
}

/** Something the evaluator met: an error Starlark itself would raise, or code it does not model. */
export interface EvalIssue {
  kind: 'error' | 'unmodelled';
  message: string;
  at: Span;
}

export interface StarlarkResult {
  calls: BuiltinCall[];
  issues: EvalIssue[];
}

/**
 * What top-level statements evaluated to, by their text, with spans relative to the statement's
 * start. Only statements that neither read nor bind a name are kept: their result is a function
 * of their text alone, so an unchanged one is not walked again after an edit elsewhere.
 */
export interface StatementMemo {
  /** The previous parse's statements (read only). */
  previous: ReadonlyMap<string, StarlarkResult>;
  /** This parse's statements, filled while evaluating. */
  next: Map<string, StarlarkResult>;
  /** Set once the evaluator has filled `next` (a file with syntax errors is never evaluated). */
  used?: boolean;
}

/** The builtins that register rules; other calls are not modelled. */
export const RULE_BUILTINS = new Set(['prefix_rule', 'host_executable', 'network_rule']);
/** A `for` loop or comprehension runs at most this many iterations in total (hostile files). */
export const MAX_ITERATIONS = 100_000;
/** Expressions nested deeper than this are not evaluated (hostile files; real ones nest 3 deep). */
export const MAX_EXPRESSION_DEPTH = 200;
/** Strings and lists built by `+` stop growing at this many characters/items. */
export const MAX_VALUE_SIZE = 1_000_000;

const span = (n: SyntaxNode): Span => ({ start: n.startIndex, end: n.endIndex });

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0', '\n': '' };

/** Decodes one escape sequence as Starlark does (`\n`, `\x41`, `\u00e9`, `\101`). */
function decodeEscape(text: string): string | undefined {
  const body = text.slice(1);
  if (body in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[body];
  const hex = (h: string) => (/^[0-9a-f]+$/i.test(h) ? String.fromCodePoint(parseInt(h, 16)) : undefined);
  if (body[0] === 'x' && body.length === 3) return hex(body.slice(1));
  if ((body[0] === 'u' && body.length === 5) || (body[0] === 'U' && body.length === 9)) return hex(body.slice(1));
  if (/^[0-7]{1,3}$/.test(body)) return String.fromCodePoint(parseInt(body, 8));
  return undefined;
}

/**
 * Evaluates the Starlark subset real rule files use (literals, names, lists, `+`, `for`, list
 * comprehensions, f-strings) over a tree-sitter syntax tree, collecting the rule builtin calls.
 * Anything else is reported as `unmodelled` and evaluated conservatively by the caller.
 * @example evaluateStarlark(root).calls[0].name // 'prefix_rule'
 */
export function evaluateStarlark(root: SyntaxNode, memo?: { text: string; statements: StatementMemo }): StarlarkResult {
  const env = new Map<string, Value>();
  /** Set when evaluation read or bound a name: the statement's result then depends on more than its text. */
  let envTouched = false;
  const calls: BuiltinCall[] = [];
  const issues: EvalIssue[] = [];
  let iterations = 0;

  const unknown = (n: SyntaxNode, why: string, kind: EvalIssue['kind'] = 'unmodelled'): Value => {
    issues.push({ kind, message: why, at: span(n) });
    return { k: 'unknown', why, at: span(n) };
  };

  const decodeString = (n: SyntaxNode): Value => {
    const startNode = n.children.find((c) => c?.type === 'string_start');
    const prefix = (startNode?.text ?? '"').replace(/(?<!['"])['"]+$/, '').toLowerCase();
    if (prefix.includes('b')) return unknown(n, 'byte strings are not modelled');
    const raw = prefix.includes('r');
    let out = '';
    for (const c of n.children) {
      if (!c) continue;
      if (c.type === 'string_content') {
        if (raw) {
          out += c.text;
          continue;
        }
        let at = c.startIndex;
        for (const e of c.children) {
          if (!e || e.type !== 'escape_sequence') continue;
          out += c.text.slice(at - c.startIndex, e.startIndex - c.startIndex);
          const d = decodeEscape(e.text);
          if (d === undefined) return unknown(e, `escape sequence ${e.text} is not modelled`);
          out += d;
          at = e.endIndex;
        }
        out += c.text.slice(at - c.startIndex);
      } else if (c.type === 'interpolation') {
        if (c.children.some((x) => x?.type === 'format_specifier' || x?.type === 'type_conversion')) return unknown(c, 'f-string conversions and format specifiers are not modelled');
        const expr = c.childForFieldName('expression');
        if (!expr) return unknown(c, 'empty f-string interpolation', 'error');
        const v = evalExpr(expr);
        if (v.k === 'str') out += v.v;
        else if (v.k === 'int') out += String(v.v);
        else if (v.k === 'bool') out += v.v ? 'True' : 'False';
        else if (v.k === 'none') out += 'None';
        else return v.k === 'unknown' ? v : unknown(c, 'only strings and numbers are modelled inside f-strings');
      } else if (c.type === 'escape_interpolation') {
        out += c.text[0];
      }
    }
    return { k: 'str', v: out, at: span(n) };
  };

  const truthy = (v: Value): boolean | undefined => {
    switch (v.k) {
      case 'str':
        return v.v.length > 0;
      case 'int':
        return v.v !== 0;
      case 'bool':
        return v.v;
      case 'none':
        return false;
      case 'list':
        return v.items.length > 0;
      default:
        return undefined;
    }
  };

  const add = (n: SyntaxNode, a: Value, b: Value): Value => {
    if (a.k === 'unknown') return a;
    if (b.k === 'unknown') return b;
    if (a.k === 'str' && b.k === 'str') {
      if (a.v.length + b.v.length > MAX_VALUE_SIZE) return unknown(n, 'string too large');
      return { k: 'str', v: a.v + b.v, at: span(n) };
    }
    if (a.k === 'list' && b.k === 'list') {
      if (a.items.length + b.items.length > MAX_VALUE_SIZE) return unknown(n, 'list too large');
      return { k: 'list', items: [...a.items, ...b.items], at: span(n) };
    }
    if (a.k === 'int' && b.k === 'int') return { k: 'int', v: a.v + b.v, at: span(n) };
    return unknown(n, `cannot add ${a.k} and ${b.k}`, 'error');
  };

  /** Binds a loop target; only plain names are modelled. */
  const bind = (target: SyntaxNode, v: Value): boolean => {
    envTouched = true;
    if (target.type !== 'identifier') return false;
    env.set(target.text, v);
    return true;
  };

  const comprehension = (n: SyntaxNode): Value => {
    const body = n.childForFieldName('body');
    const clauses = n.namedChildren.filter((c): c is SyntaxNode => c !== null && c !== body && (c.type === 'for_in_clause' || c.type === 'if_clause'));
    if (!body) return unknown(n, 'comprehension without a body', 'error');
    const saved = new Map(env);
    const items: Value[] = [];
    let failed: Value | undefined;
    const run = (i: number): void => {
      if (failed) return;
      if (i === clauses.length) {
        items.push(evalExpr(body));
        return;
      }
      const c = clauses[i];
      if (c.type === 'if_clause') {
        const cond = c.namedChildren[0];
        const t = cond ? truthy(evalExpr(cond)) : undefined;
        if (t === undefined) failed = unknown(c, 'this comprehension condition is not modelled');
        else if (t) run(i + 1);
        return;
      }
      const left = c.childForFieldName('left');
      const right = c.childForFieldName('right');
      const src = right ? evalExpr(right) : undefined;
      if (!left || !src || src.k !== 'list') {
        failed = src?.k === 'unknown' ? src : unknown(c, 'only iteration over lists is modelled');
        return;
      }
      for (const item of src.items) {
        if (++iterations > MAX_ITERATIONS) {
          failed = unknown(c, `more than ${MAX_ITERATIONS} iterations`);
          return;
        }
        if (!bind(left, item)) {
          failed = unknown(left, 'only a plain name is modelled as a loop variable');
          return;
        }
        run(i + 1);
      }
    };
    run(0);
    // Comprehension variables do not leak into the module scope.
    env.clear();
    for (const [k, v] of saved) env.set(k, v);
    return failed ?? { k: 'list', items, at: span(n) };
  };

  const evalCall = (n: SyntaxNode): Value => {
    const fn = n.childForFieldName('function');
    const args = n.childForFieldName('arguments');
    if (!fn || fn.type !== 'identifier' || !RULE_BUILTINS.has(fn.text)) {
      return unknown(n, `call of ${fn?.text ?? 'an expression'} is not modelled`);
    }
    const call: BuiltinCall = { name: fn.text, at: span(n), positional: [], keywords: new Map() };
    for (const a of args?.namedChildren ?? []) {
      if (!a || a.type === 'comment') continue;
      if (a.type === 'keyword_argument') {
        const name = a.childForFieldName('name');
        const value = a.childForFieldName('value');
        if (!name || !value) continue;
        if (call.keywords.has(name.text)) call.broken = `argument ${name.text} given twice`;
        call.keywords.set(name.text, { value: evalExpr(value), keyAt: span(name) });
      } else if (a.type === 'list_splat' || a.type === 'dictionary_splat') {
        call.broken = 'splat arguments are not modelled';
        unknown(a, call.broken);
      } else {
        if (call.keywords.size > 0) call.broken = 'a positional argument after a keyword argument';
        call.positional.push(evalExpr(a));
      }
    }
    calls.push(call);
    return { k: 'none', at: span(n) };
  };

  let depth = 0;
  function evalExpr(n: SyntaxNode): Value {
    if (depth >= MAX_EXPRESSION_DEPTH) return unknown(n, `expression nested more than ${MAX_EXPRESSION_DEPTH} deep`, 'error');
    depth++;
    try {
      return evalExprAt(n);
    } finally {
      depth--;
    }
  }

  function evalExprAt(n: SyntaxNode): Value {
    switch (n.type) {
      case 'string':
        return decodeString(n);
      case 'concatenated_string': {
        let acc: Value | undefined;
        for (const c of n.namedChildren) if (c) acc = acc ? add(n, acc, evalExpr(c)) : evalExpr(c);
        return acc ?? { k: 'str', v: '', at: span(n) };
      }
      case 'integer': {
        const v = Number(n.text.replace(/_/g, ''));
        return Number.isSafeInteger(v) ? { k: 'int', v, at: span(n) } : unknown(n, 'integer literal not modelled');
      }
      case 'true':
      case 'false':
        return { k: 'bool', v: n.type === 'true', at: span(n) };
      case 'none':
        return { k: 'none', at: span(n) };
      case 'list':
      case 'tuple': {
        const items: Value[] = [];
        for (const c of n.namedChildren) {
          if (!c || c.type === 'comment') continue;
          if (c.type === 'list_splat') return unknown(c, 'list splats are not modelled');
          items.push(evalExpr(c));
        }
        return { k: 'list', items, at: span(n) };
      }
      case 'parenthesized_expression': {
        const inner = n.namedChildren.find((c) => c && c.type !== 'comment');
        return inner ? evalExpr(inner) : unknown(n, 'empty parentheses', 'error');
      }
      case 'identifier': {
        envTouched = true;
        const v = env.get(n.text);
        if (v) return v;
        return unknown(n, `name ${n.text} is not defined`, 'error');
      }
      case 'binary_operator': {
        const op = n.childForFieldName('operator');
        const l = n.childForFieldName('left');
        const r = n.childForFieldName('right');
        if (op?.type !== '+' || !l || !r) return unknown(n, `operator ${op?.text ?? '?'} is not modelled`);
        return add(n, evalExpr(l), evalExpr(r));
      }
      case 'list_comprehension':
        return comprehension(n);
      case 'call':
        return evalCall(n);
      default:
        return unknown(n, `${n.type.replace(/_/g, ' ')} is not modelled`);
    }
  }

  const execBlock = (nodes: readonly (SyntaxNode | null)[]): void => {
    for (const s of nodes) if (s) exec(s);
  };

  function exec(s: SyntaxNode): void {
    if (depth >= MAX_EXPRESSION_DEPTH) {
      unknown(s, `statements nested more than ${MAX_EXPRESSION_DEPTH} deep`, 'error');
      return;
    }
    depth++;
    try {
      execAt(s);
    } finally {
      depth--;
    }
  }

  function execAt(s: SyntaxNode): void {
    switch (s.type) {
      case 'comment':
        return;
      case 'expression_statement':
        for (const c of s.namedChildren) {
          if (!c) continue;
          if (c.type === 'assignment') assign(c);
          else if (c.type === 'augmented_assignment') augAssign(c);
          else evalExpr(c);
        }
        return;
      case 'for_statement': {
        const left = s.childForFieldName('left');
        const right = s.childForFieldName('right');
        const body = s.childForFieldName('body');
        if (s.childForFieldName('alternative')) {
          unknown(s, 'for … else is not modelled');
          return;
        }
        const src = right ? evalExpr(right) : undefined;
        if (!left || !body || !src || src.k !== 'list') {
          if (src?.k !== 'unknown') unknown(s, 'only iteration over lists is modelled');
          return;
        }
        for (const item of src.items) {
          if (++iterations > MAX_ITERATIONS) {
            unknown(s, `more than ${MAX_ITERATIONS} iterations`);
            return;
          }
          if (!bind(left, item)) {
            unknown(left, 'only a plain name is modelled as a loop variable');
            return;
          }
          execBlock(body.namedChildren);
        }
        return;
      }
      case 'pass_statement':
        return;
      default:
        unknown(s, `${s.type.replace(/_/g, ' ')} is not modelled`);
    }
  }

  function assign(a: SyntaxNode): void {
    const left = a.childForFieldName('left');
    const right = a.childForFieldName('right');
    if (!left || !right || a.childForFieldName('type')) {
      unknown(a, 'this assignment form is not modelled');
      return;
    }
    if (right.type === 'assignment') {
      unknown(a, 'chained assignment is not modelled');
      return;
    }
    const v = evalExpr(right);
    if (!bind(left, v)) unknown(left, 'only assignment to a plain name is modelled');
  }

  function augAssign(a: SyntaxNode): void {
    const left = a.childForFieldName('left');
    const right = a.childForFieldName('right');
    const op = a.childForFieldName('operator');
    envTouched = true;
    if (!left || !right || op?.text !== '+=' || left.type !== 'identifier') {
      unknown(a, 'this assignment form is not modelled');
      return;
    }
    const cur = env.get(left.text);
    if (!cur) {
      unknown(left, `name ${left.text} is not defined`, 'error');
      return;
    }
    env.set(left.text, add(a, cur, evalExpr(right)));
  }

  if (!memo) execBlock(root.namedChildren);
  else execTopLevel(memo.text, memo.statements);
  return { calls, issues };

  /**
   * The module's statements through a cursor (no node objects for the ones kept), each kept one's
   * result copied at its new place, the others evaluated and kept when they touched no name.
   */
  function execTopLevel(text: string, m: StatementMemo): void {
    m.used = true;
    const cursor = root.walk();
    try {
      if (!cursor.gotoFirstChild()) return;
      do {
        if (!cursor.nodeIsNamed) continue;
        const start = cursor.startIndex;
        const key = text.slice(start, cursor.endIndex);
        const kept = m.next.get(key) ?? m.previous.get(key);
        if (kept) {
          m.next.set(key, kept);
          for (const c of kept.calls) calls.push(shiftCall(c, start));
          for (const i of kept.issues) issues.push({ ...i, at: shiftSpan(i.at, start) });
          continue;
        }
        const firstCall = calls.length;
        const firstIssue = issues.length;
        envTouched = false;
        exec(cursor.currentNode);
        if (!envTouched) {
          m.next.set(key, {
            calls: calls.slice(firstCall).map((c) => shiftCall(c, -start)),
            issues: issues.slice(firstIssue).map((i) => ({ ...i, at: shiftSpan(i.at, -start) })),
          });
        }
      } while (cursor.gotoNextSibling());
    } finally {
      cursor.delete();
    }
  }
}

const shiftSpan = (s: Span, by: number): Span => ({ start: s.start + by, end: s.end + by });

function shiftValue(v: Value, by: number): Value {
  if (v.k === 'list') return { k: 'list', items: v.items.map((x) => shiftValue(x, by)), at: shiftSpan(v.at, by) };
  return { ...v, at: shiftSpan(v.at, by) };
}

function shiftCall(c: BuiltinCall, by: number): BuiltinCall {
  const keywords = new Map<string, { value: Value; keyAt: Span }>();
  for (const [k, { value, keyAt }] of c.keywords) keywords.set(k, { value: shiftValue(value, by), keyAt: shiftSpan(keyAt, by) });
  const out: BuiltinCall = { name: c.name, at: shiftSpan(c.at, by), positional: c.positional.map((v) => shiftValue(v, by)), keywords };
  if (c.broken !== undefined) out.broken = c.broken;
  return out;
}
