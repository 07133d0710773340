import type { Vocabulary } from '../dialect';
import { OPENCODE_REQUEST_INPUT } from './request-input';

/** The decisions an OpenCode rule takes (`effect`, and the values of `permission`). */
const DECISION_WORDS = ['allow', 'ask', 'deny'];
/** OpenCode's permission names, as `permission` keys and request actions. */
const OPENCODE_ACTIONS = ['read', 'edit', 'glob', 'grep', 'list', 'bash', 'task', 'external_directory', 'todowrite', 'todoread', 'question', 'webfetch', 'websearch', 'codesearch', 'lsp', 'skill', 'doom_loop', '*'];

/**
 * Completion in an OpenCode file: V1 `permission.<action>` keys and their decisions (also one level
 * deeper, `permission.<action>.<pattern>`), and V2 `permissions` entries' keys.
 * @example opencodeRuleFileWords(['permission'], true) // { words: [...actions], kind: 'key' }
 */
function opencodeRuleFileWords(p: ReadonlyArray<string | number>, atKey: boolean): { words: readonly string[]; kind: 'key' | 'value' } | undefined {
  const v1 = p.lastIndexOf('permission');
  if (v1 >= 0) {
    const depth = p.length - v1;
    if (depth === 2 && atKey) return { words: OPENCODE_ACTIONS, kind: 'key' };
    if ((depth === 2 || depth === 3) && !atKey) return { words: DECISION_WORDS, kind: 'value' };
    if (depth === 1 && !atKey) return { words: DECISION_WORDS, kind: 'value' };
    return { words: [], kind: 'value' };
  }
  const v2 = p.lastIndexOf('permissions');
  if (v2 >= 0 && p.length - v2 === 3 && atKey) return { words: ['action', 'resource', 'effect'], kind: 'key' };
  return undefined;
}

/** What an editor offers in OpenCode files and requests. */
export const OPENCODE_VOCABULARY: Vocabulary = {
  requestInput: OPENCODE_REQUEST_INPUT,
  values: { action: OPENCODE_ACTIONS },
  everywhere: { effect: DECISION_WORDS },
  ruleFileWords: opencodeRuleFileWords,
};
