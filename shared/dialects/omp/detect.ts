import type { FileInfo } from '../dialect';

/** Content sniffing reads at most this much of a file: detection must stay instant. */
export const DETECT_SCAN_CHARS = 256 * 1024;

const OMP_SETTINGS_PATH = /(?:^|\/)\.omp\/(?:.*\/)?(?:config|settings)\.(?:ya?ml|jsonc?)$/i;
const YAML = /\.ya?ml$/i;
const JSON_FILE = /\.jsonc?$/i;
const YAML_DOTTED = /^["']?bash\.patterns["']?\s*:/m;
const YAML_NESTED = /^bash\s*:\s*(?:\{\s*patterns\s*:|$)/m;
/**
 * `patterns:` after whitespace that a line starts in (`^\s+patterns\s*:` with `m`), matched from
 * the start of the whitespace so a run of blank lines costs linear time.
 */
const YAML_PATTERNS_KEY = /(?:^\s+|(?<!\s)[^\S\n\r\u2028\u2029]*[\n\r\u2028\u2029]\s+)patterns\s*:/;
const JSON_DOTTED = /"bash\.patterns"\s*:/;
const JSON_BASH = /"bash"\s*:\s*\{/;
const JSON_PATTERNS = /"patterns"\s*:\s*\[/;
const JSON_COMMAND = /"command"\s*:\s*"/;
const JSON_MATCH = /"match"\s*:/;

/**
 * How sure we are that a file holds oh-my-pi approval settings: by path (`.omp/config.yml`), then
 * by content (`bash.patterns` in YAML or JSON, nested or dotted, or the classification form).
 * @example detectOmp({ path: '.omp/config.yml', text: '' }) // 10
 */
export function detectOmp(file: FileInfo): number {
  const p = file.path.replace(/\\/g, '/');
  if (OMP_SETTINGS_PATH.test(p)) return 10;
  const head = file.text.slice(0, DETECT_SCAN_CHARS);
  if (YAML.test(p)) {
    if (YAML_DOTTED.test(head)) return 7;
    if (YAML_NESTED.test(head) && YAML_PATTERNS_KEY.test(head)) return 7;
    return 0;
  }
  if (!JSON_FILE.test(p)) return 0;
  // Every JSON form names a `patterns` key: a plain search rules out other files (a large
  // OpenCode or Claude file) before any pattern scans it.
  if (!head.includes('patterns"')) return 0;
  if (JSON_DOTTED.test(head)) return 7;
  if (JSON_BASH.test(head) && JSON_PATTERNS.test(head)) return 6;
  if (JSON_COMMAND.test(head) && JSON_PATTERNS.test(head) && JSON_MATCH.test(head)) return 6;
  return 0;
}
