import type { FileInfo } from '../dialect';
import { invocations } from './scan';

export const DETECT_BY_NAME = 10;
export const DETECT_WORKFLOW = 8;
export const DETECT_SCRIPT = 6;

const FLAGS_FILE = /(?:^|\/)\.github\/copilot\/[^/]+\.flags$/i;
const PERMISSION_FLAG = /--(?:allow|deny)-(?:tool|url)|--allow-all|--yolo/;

/**
 * How sure we are that a file holds Copilot CLI permissions: RuleLens's flags file by name, a
 * GitHub workflow or a shell script by a `copilot` command line with a permission flag.
 * @example detectCopilot({ path: '.github/copilot/permissions.flags', text: '' }) // 10
 */
export function detectCopilot(file: FileInfo): number {
  const p = file.path.replace(/\\/g, '/');
  if (FLAGS_FILE.test(p)) return DETECT_BY_NAME;
  const workflow = /(?:^|\/)\.github\/workflows\/[^/]+\.ya?ml$/i.test(p);
  const script = /\.(?:sh|bash)$/i.test(p);
  if ((!workflow && !script) || !file.text.includes('copilot') || !PERMISSION_FLAG.test(file.text)) return 0;
  const found = invocations(file.text).some((words) => words.some((w) => PERMISSION_FLAG.test(w.value)));
  return found ? (workflow ? DETECT_WORKFLOW : DETECT_SCRIPT) : 0;
}
