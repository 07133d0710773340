import { strict as assert } from 'assert';
import { LEXICAL_FS } from '../../../shared/model';
import * as fs from 'fs';
import * as path from 'path';
import { initDialects } from '../../../shared/dialects';
import { loadRuleSet, lintRuleSet } from '../../../shared/check/check-file';
import { evaluateClaude } from '../../../shared/dialects/claude/evaluate';
import type { ClaudeRequest, ClaudeRuleSet } from '../../../shared/dialects/claude/types';
import { applyOffsetEdits, type ClaudeQuickFix } from '../../../shared/dialects/claude/fixes';
import { nodeForRange, parseRoot, removeElement } from '../../../server/service/json-edit';
import { evaluateOmp } from '../../../shared/dialects/omp/evaluate';
import type { OmpRuleSet } from '../../../shared/dialects/omp/rules';
import { evaluateOpencode } from '../../../shared/dialects/opencode/evaluate';
import type { OpencodeRequest, OpencodeRuleSet } from '../../../shared/dialects/opencode/rules';
import type { Finding, RuleSet } from '../../../shared/model';
import type { AnyDialect } from '../../../shared/dialects/dialect';
import { CORPUS_TIMEOUT_MS, lintCorpus } from '../../corpus/load';

/**
 * "Every finding must be true" (lints.md): each finding that names a witness, and every
 * dead-rule / shadowed-deny / overridden-deny claim, is re-evaluated by the dialect's own
 * evaluator and must give the decision its message claims. Run over the real-world corpus and
 * every rule file among the examples and fixtures.
 */

const ROOT = path.join(__dirname, '..', '..', '..');
const FIXTURE_DIRS = ['examples', 'test/fixtures'].map((d) => path.join(ROOT, d));

function ruleFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return ruleFiles(p);
    return /\.(?:jsonc?|ya?ml|toml|rules)$/.test(e.name) && !/\.requests\.jsonc?$/.test(e.name) ? [p] : [];
  });
}

interface Claim {
  request: unknown;
  decision?: string;
  notDecision?: string;
  decidedBy?: number;
  notDecidedBy?: number;
  sameWithout?: number;
  alone?: boolean;
}

function claudeOutcome(rs: ClaudeRuleSet, req: ClaudeRequest, only?: number, drop?: number) {
  const rules = rs.rules.filter((r) => (only === undefined || r.index === only) && r.index !== drop);
  // The lints judge rules on a file system without symlinks (LEXICAL_FS): so does their check.
  const v = evaluateClaude({ ...rs, rules }, req, { fs: LEXICAL_FS });
  return { decision: v.decision as string, rule: v.rule?.index ?? null };
}

function checkClaude(rs: ClaudeRuleSet, f: Finding, where: string): void {
  const claims = [f.data?.claim, f.data?.denied].filter(Boolean) as Claim[];
  if (f.witness !== undefined) assert.ok(claims.length > 0, `${where}: ${f.code} names witness ${f.witness} without a checkable claim`);
  const own = f.data?.ruleIndex as number | undefined;
  for (const c of claims) {
    const req = c.request as ClaudeRequest;
    const o = claudeOutcome(rs, req, c.alone ? own : undefined);
    const say = `${where}: ${f.code} "${f.message}" on ${JSON.stringify(req)} → ${o.decision} (rule ${o.rule})`;
    if (c.decision !== undefined) assert.equal(o.decision, c.decision, say);
    if (c.notDecision !== undefined) assert.notEqual(o.decision, c.notDecision, say);
    if (c.decidedBy !== undefined) assert.equal(o.rule, c.decidedBy, say);
    if (c.notDecidedBy !== undefined) assert.notEqual(o.rule, c.notDecidedBy, say);
    if (c.sameWithout !== undefined) assert.equal(claudeOutcome(rs, req, undefined, c.sameWithout).decision, o.decision, `${say}, but not without the rule`);
  }
  if (f.code === 'allow-runs-anything' || f.code === 'cross-tool-bypass') assert.ok(claims.some((c) => c.decision === 'allow'), `${where}: ${f.code} claims an allow it does not prove`);
  checkClaudeFix(rs, f, where);
}

/** The file as the fix leaves it, parsed again the way the editor would. */
function reparsed(rs: ClaudeRuleSet, text: string): ClaudeRuleSet {
  const { ruleSet } = loadRuleSet({ path: rs.path, text }, { dialect: 'claude' });
  assert.ok(ruleSet, `${rs.path}: the fixed file does not parse`);
  return ruleSet as ClaudeRuleSet;
}

/**
 * Quick fixes are claims too: apply the fix, parse the file again, and re-evaluate. A proved fix
 * must give every decision it promises (and still hold what the finding's own claim denied); a
 * removal (dead-rule, never-matches) must leave the witness's decision as it was.
 */
function checkClaudeFix(rs: ClaudeRuleSet, f: Finding, where: string): void {
  const fix = f.data?.quickFix as ClaudeQuickFix | undefined;
  const decide = (set: ClaudeRuleSet, req: ClaudeRequest) => evaluateClaude(set, req, { fs: LEXICAL_FS }).decision as string;
  if (fix) {
    const after = reparsed(rs, applyOffsetEdits(rs.source.text, fix.edits));
    const say = `${where}: ${f.code} fix "${fix.title}"`;
    const errors = (set: ClaudeRuleSet) => set.findings.filter((x) => x.severity === 'error').length;
    assert.ok(errors(after) <= errors(rs), `${say} adds an error`);
    for (const p of fix.proves) assert.equal(decide(after, p.request), p.decision, `${say} on ${JSON.stringify(p.request)}`);
    const denied = f.data?.denied as Claim | undefined;
    if (denied?.decision) assert.equal(decide(after, denied.request as ClaudeRequest), denied.decision, `${say} undoes the deny`);
    if (f.code === 'bypass-mode-committed') assert.ok(!after.source.text.includes('"defaultMode"'), `${say} leaves the key`);
    fixesChecked++;
  }
  const claim = f.data?.claim as Claim | undefined;
  if ((f.code === 'dead-rule' || f.code === 'never-matches') && claim && f.data?.ruleIndex !== undefined) {
    const r = rs.rules[f.data.ruleIndex as number];
    const root = parseRoot(rs.source.text);
    const node = root && nodeForRange(root, rs.source, r.range);
    const edit = node && removeElement(node, rs.source.text);
    if (!edit) return;
    const after = reparsed(rs, applyOffsetEdits(rs.source.text, [edit]));
    const req = claim.request as ClaudeRequest;
    assert.equal(decide(after, req), decide(rs, req), `${where}: removing "${r.text}" (${f.code}) changes ${JSON.stringify(req)}`);
    fixesChecked++;
  }
}

let fixesChecked = 0;

function opencodeRequest(rs: OpencodeRuleSet, parts: readonly string[], rule: number): OpencodeRequest {
  const r = rs.rules[rule];
  const req: OpencodeRequest = { action: parts[0], resources: [parts[1]] };
  if (r?.agent) req.agent = r.agent;
  return req;
}

function checkOpencode(rs: OpencodeRuleSet, f: Finding, where: string): void {
  const d = f.data ?? {};
  const evalParts = (parts: readonly string[], agentOf: number) => {
    const v = evaluateOpencode(rs, opencodeRequest(rs, parts, agentOf));
    return { decision: v.decision as string, controlling: v.trace.sections.map((s) => s.controlling) };
  };
  if (f.code === 'dead-rule' || f.code === 'shadowed-deny' || (f.code === 'overridden-deny' && Array.isArray(d.deciders))) {
    const self = d.rule as number;
    for (const dec of d.deciders as Array<{ rule: number; decision: string; witness: string[] }>) {
      const agentOf = f.code === 'overridden-deny' ? dec.rule : self;
      const o = evalParts(dec.witness, agentOf);
      assert.equal(o.decision, dec.decision, `${where}: ${f.code} "${f.message}": ${dec.witness.join(' ')} → ${o.decision}`);
      assert.ok(o.controlling.includes(dec.rule), `${where}: ${f.code}: rule ${dec.rule + 1} does not decide ${dec.witness.join(' ')}`);
      if (f.code === 'shadowed-deny') assert.notEqual(o.decision, 'deny', `${where}: shadowed deny still denies ${dec.witness.join(' ')}`);
    }
  }
  if (f.code === 'overridden-deny' && d.lost) {
    const lost = d.lost as { rule: number; decision: string; witness: string[] };
    assert.equal(evalParts(lost.witness, d.rule as number).decision, lost.decision, `${where}: ${f.message}`);
    assert.equal(evalParts(d.decided as string[], d.rule as number).decision, 'deny', `${where}: ${f.message}: the deny decides nothing`);
  }
}

function checkOmp(rs: OmpRuleSet, f: Finding, where: string): void {
  if (f.witness === undefined) return;
  const v = (rules: OmpRuleSet['rules']) => evaluateOmp({ ...rs, rules }, { command: f.witness! }).decision;
  if (f.code === 'broad-catch-all') assert.equal(v(rs.rules), 'allow', `${where}: ${f.message} — witness ${f.witness}`);
}

/** Codes whose witness is a claim about a decision: each must carry the requests it rests on. */
const CLAIMING = new Set(['allow-runs-anything', 'exact-command-pattern', 'cross-tool-bypass', 'deny-narrower-than-it-looks']);

/**
 * The claims every dialect's findings carry in `data.claims`: requests in the dialect's own shape,
 * each with the decision the message states (or the one it says it is not), re-decided here by
 * the dialect's own evaluator on the whole rule set.
 */
function checkClaims(dialect: AnyDialect, rs: RuleSet, f: Finding, where: string): number {
  const claims = f.data?.claims as Array<{ request: unknown; decision?: string; notDecision?: string }> | undefined;
  if (CLAIMING.has(f.code) && f.witness !== undefined && rs.dialect !== 'claude') assert.ok(claims?.length, `${where}: ${f.code} names witness ${f.witness} without claims`);
  if (!claims) return 0;
  for (const c of claims) {
    // Claude Code's lints judge rules on a file system without symlinks (LEXICAL_FS): so does their check.
    const got = dialect.evaluate(rs, c.request, rs.dialect === 'claude' ? { fs: LEXICAL_FS } : {}).decision;
    const say = `${where}: ${f.code} "${f.message}" on ${JSON.stringify(c.request)} → ${got}`;
    if (c.decision !== undefined) assert.equal(got, c.decision, say);
    if (c.notDecision !== undefined) assert.notEqual(got, c.notDecision, say);
  }
  if (f.code === 'allow-runs-anything' || f.code === 'cross-tool-bypass') assert.ok(claims.some((c) => c.decision === 'allow'), `${where}: ${f.code} claims an allow it does not prove`);
  return claims.length;
}

function checkAll(dialect: AnyDialect, rs: RuleSet, findings: readonly Finding[], where: string): number {
  let checked = 0;
  for (const f of findings) {
    const at = `${where}:${f.range.start.line + 1}`;
    checked += checkClaims(dialect, rs, f, at);
    if (rs.dialect === 'claude') checkClaude(rs as ClaudeRuleSet, f, at);
    else if (rs.dialect === 'opencode') checkOpencode(rs as OpencodeRuleSet, f, at);
    else if (rs.dialect === 'omp') checkOmp(rs as OmpRuleSet, f, at);
    else continue;
    if (f.witness !== undefined || f.data?.deciders) checked++;
  }
  return checked;
}

describe('every finding is true: witnesses re-evaluated', function () {
  this.timeout(CORPUS_TIMEOUT_MS);
  before(initDialects);

  it('holds on the real-world corpus', async () => {
    let checked = 0;
    fixesChecked = 0;
    for (const r of await lintCorpus()) if (r.ruleSet && r.dialect) checked += checkAll(r.dialect, r.ruleSet, r.findings, r.entry.file);
    assert.ok(checked > 50, `only ${checked} claims checked`);
    assert.ok(fixesChecked > 20, `only ${fixesChecked} quick fixes applied and re-evaluated`);
  });

  it('holds on the examples and fixtures', () => {
    for (const file of FIXTURE_DIRS.flatMap(ruleFiles)) {
      const { dialect, ruleSet } = loadRuleSet({ path: file, text: fs.readFileSync(file, 'utf8') });
      if (!dialect || !ruleSet) continue;
      checkAll(dialect, ruleSet, [...ruleSet.findings, ...lintRuleSet(dialect, ruleSet, {})], path.relative(ROOT, file));
    }
  });
});
