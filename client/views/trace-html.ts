import type { EvaluateResult } from '../../shared/protocol';
import type { TraceSection } from '../../shared/model';

export interface TracePage {
  title: string;
  /** Shown under the title: the request as sent, or the stored request's name. */
  subtitle: string;
  result: EvaluateResult;
  /** A stored request's `expect` and whether the verdict meets it. */
  expectation?: { expect: string; pass: boolean | null };
  canSave: boolean;
  /** Show only the rules that matched a subject; default: on for files of more than `MATCHING_ONLY_FROM` rules. */
  matchingOnly?: boolean;
  /** Webview CSP source and a fresh nonce: the page loads nothing but its own inline style and script. */
  cspSource: string;
  nonce: string;
}

const esc = (s: unknown): string =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** @example mark(true) // '✓' */
export function mark(m: boolean | null | undefined): string {
  return m === true ? '✓' : m === false ? '✗' : '–';
}

interface RuleLine {
  index: number;
  number?: number;
  label: string;
  decision: string;
  line: number | null;
}

/** Every rule of the file once, in file order, whether or not a section considered it. */
function ruleLines(result: EvaluateResult): RuleLine[] {
  if (result.rules?.length) return result.rules.map((r) => ({ ...r }));
  const seen = new Map<number, RuleLine>();
  for (const s of result.verdict?.trace.sections ?? []) {
    for (const row of s.rows) if (!seen.has(row.rule)) seen.set(row.rule, { index: row.rule, number: row.number, label: row.label, decision: '', line: null });
  }
  return [...seen.values()].sort((a, b) => a.index - b.index);
}

/** A rule file longer than this opens its trace with only the matching rules shown (a checkbox shows all). */
export const MATCHING_ONLY_FROM = 20;

/** Whether a rule matched any subject (every column) or controlled one: the rows "matching only" keeps. */
function matchedAny(sections: TraceSection[], index: number): boolean {
  return sections.some((s) => s.controlling === index || s.rows.some((x) => x.rule === index && x.matches.length > 0 && x.matches.every((m) => m === true)));
}

function matrix(sections: TraceSection[], rules: RuleLine[], overall: string, matchingOnly: boolean): string {
  if (!sections.length) return '<p class="empty">No subject was checked: no rule was consulted.</p>';
  const head1 = sections
    .map((s, i) => `<th colspan="${Math.max(1, s.columns.length)}" class="subject s${i}"><span class="kind">${esc(s.kind)}</span> <code>${esc(s.subject)}</code></th>`)
    .join('');
  const head2 = sections.map((s) => (s.columns.length ? s.columns : ['match']).map((c) => `<th class="col">${esc(c)}</th>`).join('')).join('');
  const body = rules
    .map((r) => {
      const cells = sections
        .map((s) => {
          const row = s.rows.find((x) => x.rule === r.index);
          const ctl = s.controlling === r.index;
          const cols = s.columns.length ? s.columns : ['match'];
          return cols
            .map((_, c) => {
              const m = row?.matches[c];
              const cls = ['mark', m === true ? 'yes' : m === false ? 'no' : 'na', ctl ? 'controlling' : ''].filter(Boolean).join(' ');
              const title = row?.note ? ` title="${esc(row.note)}"` : '';
              return `<td class="${cls}"${title}>${mark(m)}</td>`;
            })
            .join('');
        })
        .join('');
      const controlsAny = sections.some((s) => s.controlling === r.index);
      const where = r.line === null ? '' : ` data-line="${r.line}"`;
      return `<tr class="${controlsAny ? 'controls' : ''}" data-match="${matchedAny(sections, r.index) ? 1 : 0}"><th class="rule"><a href="#"${where} class="reveal">${r.number ?? r.index + 1}</a></th>`
        + `<td class="label"><code>${esc(r.label)}</code></td>${cells}</tr>`;
    })
    .join('\n');
  // The overall branch is on the stamp already: a subject repeats it only when its own differs.
  const foot = sections
    .map((s) => `<td colspan="${Math.max(1, s.columns.length)}" class="outcome ${esc(s.decision ?? 'none')}"><b>${esc(s.decision ?? '—')}</b>${s.branch && s.branch !== overall ? `<br><span class="why">${esc(s.branch)}</span>` : ''}</td>`)
    .join('');
  const matching = rules.filter((r) => matchedAny(sections, r.index)).length;
  const filter = `<p class="filter"><label><input type="checkbox" id="matching"${matchingOnly ? ' checked' : ''}> Matching rules only</label> <span class="count">(${matching} of ${rules.length} rule${rules.length === 1 ? '' : 's'} match)</span></p>`;
  return `${filter}<table class="matrix${matchingOnly ? ' matching' : ''}" id="matrix">
<thead><tr><th rowspan="2">#</th><th rowspan="2">rule</th>${head1}</tr><tr>${head2}</tr></thead>
<tbody>
${body}
</tbody>
<tfoot><tr><th></th><th>decision</th>${foot}</tr></tfoot>
</table>`;
}

/**
 * The rules' own notes in two lists: how the rule that decided a subject applied, and why the
 * others did not decide it (a rule that decided is never listed as one that "did not apply").
 */
function rowNotes(sections: TraceSection[]): string {
  const on = (s: TraceSection) => (s.subject ? ` on <code>${esc(s.subject)}</code>` : '');
  const deciding = sections.flatMap((s) => s.rows.filter((r) => r.note && r.rule === s.controlling).map((r) => `<li>rule ${r.number ?? r.rule + 1}${on(s)}: ${esc(r.note)}</li>`));
  const others = sections.flatMap((s) => s.rows.filter((r) => r.note && r.rule !== s.controlling).map((r) => `<li>rule ${r.number ?? r.rule + 1}${on(s)}: ${esc(r.note)}</li>`));
  return (deciding.length ? `<h2>How the deciding rule applied</h2><ul class="notes">${deciding.join('')}</ul>` : '')
    + (others.length ? `<h2>Why other rules did not decide</h2><ul class="notes">${others.join('')}</ul>` : '');
}

/**
 * A verdict detail as words: `failClosed: true` → "fail closed: yes"; fields that say nothing
 * (null, false, empty) are left out rather than shown raw.
 * @example detailItems({ layer: null, failClosed: true }) // ['<li><b>fail closed</b>: yes</li>']
 */
export function detailItems(details: Record<string, unknown>): string[] {
  // `branch` is the dialect's name for the path the decision took; the stamp says it as a sentence.
  const words = (k: string) => k.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const value = (x: unknown): string => {
    if (x === true) return 'yes';
    if (Array.isArray(x)) return x.map(value).join(', ');
    // Details arrive as JSON: an object or null is shown as JSON, any other value as text.
    return typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean' || x === undefined ? String(x) : JSON.stringify(x);
  };
  return Object.entries(details)
    .filter(([k]) => k !== 'branch')
    .filter(([, x]) => x !== null && x !== undefined && x !== false && x !== '' && !(Array.isArray(x) && x.length === 0))
    .map(([k, x]) => `<li><b>${esc(words(k))}</b>: ${esc(value(x))}</li>`);
}

/** The trace view's whole document. Pure, so tests can check what a person would read. */
export function renderTracePage(p: TracePage): string {
  const { result } = p;
  const csp = `default-src 'none'; img-src ${p.cspSource} data:; style-src 'nonce-${p.nonce}'; script-src 'nonce-${p.nonce}';`;
  let main: string;
  if (!result.ok || !result.verdict) {
    main = `<div class="error" role="alert"><b>Could not evaluate this request.</b><p>${esc(result.error ?? 'The server gave no verdict.')}</p></div>`;
  } else {
    const v = result.verdict;
    const lines = ruleLines(result);
    const native = v.native && v.native !== v.decision ? ` <span class="native">${esc(v.native)}</span>` : '';
    const code = v.code ? ` <span class="code">${esc(v.code)}</span>` : '';
    const by = v.rule ? `decided by rule ${v.rule.number ?? v.rule.index + 1}${v.rule.id ? ` (${esc(v.rule.id)})` : ''}: <code>${esc(v.rule.label)}</code>` : 'no rule matched: the default decided';
    const details = detailItems(v.details ?? {}).join('');
    const notes = v.trace.notes.map((n) => `<li>${esc(n)}</li>`).join('');
    const e = p.expectation;
    const expectation = e
      ? `<div class="expect ${e.pass === false ? 'unmet' : 'met'}" id="expect">${e.pass === false ? '✗' : '✓'} expected ${esc(e.expect)}</div>`
      : '';
    main = `<div class="stamp ${esc(v.decision)}" id="stamp"><span class="decision">${esc(v.decision.toUpperCase())}</span>${native}${code}${expectation}
<div class="by">${by}</div><div class="branch">${esc(v.trace.branch)}</div></div>
${details ? `<details class="engine"><summary>Evaluation details</summary><ul class="details">${details}</ul></details>` : ''}
${notes ? `<h2>Notes</h2><ul class="notes">${notes}</ul>` : ''}
<h2>Rules × subjects</h2>
<p class="legend">✓ matched · ✗ did not match · – not checked · highlighted: the rule that controlled the subject</p>
${matrix(v.trace.sections, lines, v.trace.branch, p.matchingOnly ?? lines.length > MATCHING_ONLY_FROM)}
${rowNotes(v.trace.sections)}`;
  }
  const save = p.canSave && result.ok
    ? `<button id="save" title="Append this request to the requests file with origin &quot;synthetic&quot;">Save as stored request</button>`
    : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(p.title)}</title>
<style nonce="${p.nonce}">${STYLE}</style></head>
<body>
<header><h1>${esc(p.title)}</h1><div class="subtitle"><code>${esc(p.subtitle)}</code></div>${save}</header>
<main>${main}</main>
<script nonce="${p.nonce}">${SCRIPT}</script>
</body></html>`;
}

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0 16px 24px; }
h1 { font-size: 1.3em; margin: 12px 0 4px; } h2 { font-size: 1.05em; margin-top: 20px; }
header { border-bottom: 1px solid var(--vscode-panel-border); padding-bottom: 8px; }
.subtitle code { color: var(--vscode-descriptionForeground); }
button { margin-top: 8px; color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 4px 12px; cursor: pointer; }
button:hover { background: var(--vscode-button-hoverBackground); }
.stamp { display: inline-block; margin-top: 14px; padding: 8px 14px; border: 2px solid; border-radius: 6px; }
.stamp .decision { font-size: 1.6em; font-weight: bold; letter-spacing: .08em; }
.stamp.allow { border-color: var(--vscode-testing-iconPassed, #3c9b3c); } .stamp.allow .decision { color: var(--vscode-testing-iconPassed, #3c9b3c); }
.stamp.ask { border-color: var(--vscode-editorWarning-foreground, #c9a000); } .stamp.ask .decision { color: var(--vscode-editorWarning-foreground, #c9a000); }
.stamp.deny { border-color: var(--vscode-errorForeground, #d33); } .stamp.deny .decision { color: var(--vscode-errorForeground, #d33); }
.native, .code { margin-left: 8px; padding: 1px 6px; border-radius: 3px; background: var(--vscode-badge-background); color: var(--vscode-badge-foreground); }
.by, .branch { margin-top: 4px; }
.expect { margin-top: 4px; font-weight: bold; } .expect.met { color: var(--vscode-testing-iconPassed, #3c9b3c); } .expect.unmet { color: var(--vscode-errorForeground, #d33); } .branch { color: var(--vscode-descriptionForeground); }
table.matrix { border-collapse: collapse; margin-top: 6px; }
table.matrix th, table.matrix td { border: 1px solid var(--vscode-panel-border); padding: 3px 8px; text-align: center; }
table.matrix td.label { text-align: left; }
th.subject { background: var(--vscode-editorWidget-background); } th.col { font-weight: normal; color: var(--vscode-descriptionForeground); }
td.mark.yes { color: var(--vscode-testing-iconPassed, #3c9b3c); } td.mark.no { color: var(--vscode-errorForeground, #d33); } td.mark.na { color: var(--vscode-disabledForeground, #888); }
td.controlling { background: var(--vscode-editor-findMatchHighlightBackground, rgba(234,92,0,.33)); font-weight: bold; outline: 1px solid var(--vscode-focusBorder); }
tr.controls td.label { font-weight: bold; }
td.outcome.allow b { color: var(--vscode-testing-iconPassed, #3c9b3c); } td.outcome.ask b { color: var(--vscode-editorWarning-foreground, #c9a000); } td.outcome.deny b { color: var(--vscode-errorForeground, #d33); }
td.outcome .why { font-size: .9em; color: var(--vscode-descriptionForeground); }
.legend { color: var(--vscode-descriptionForeground); font-size: .9em; }
.error { margin-top: 14px; padding: 8px 12px; border-left: 4px solid var(--vscode-errorForeground, #d33); background: var(--vscode-inputValidation-errorBackground); }
a.reveal { color: var(--vscode-textLink-foreground); text-decoration: none; }
table.matrix.matching tr[data-match="0"] { display: none; }
.filter { margin: 4px 0; } .filter .count { color: var(--vscode-descriptionForeground); }
details.engine { margin-top: 8px; color: var(--vscode-descriptionForeground); } details.engine summary { cursor: pointer; }
`;

const SCRIPT = `
const vscode = acquireVsCodeApi();
const save = document.getElementById('save');
if (save) save.addEventListener('click', () => vscode.postMessage({ type: 'save' }));
const matching = document.getElementById('matching');
const table = document.getElementById('matrix');
if (matching && table) {
  const state = vscode.getState() || {};
  if (typeof state.matchingOnly === 'boolean') matching.checked = state.matchingOnly;
  const apply = () => { table.classList.toggle('matching', matching.checked); vscode.setState({ ...(vscode.getState() || {}), matchingOnly: matching.checked }); };
  matching.addEventListener('change', apply);
  apply();
}
for (const a of document.querySelectorAll('a.reveal[data-line]')) {
  a.addEventListener('click', (e) => { e.preventDefault(); vscode.postMessage({ type: 'reveal', line: Number(a.dataset.line) }); });
}
`;
