import type { Vocabulary } from '../dialect';
import { BOUNDS_RULES_REQUEST_INPUT } from './request-input';

const BOUNDS_CAPABILITIES = ['read', 'write', 'send', 'execute', 'spend'];
const BOUNDS_TRUST = ['internal', 'untrusted', 'unknown'];

/** What an editor offers in Bounds history rules and steps. */
export const BOUNDS_RULES_VOCABULARY: Vocabulary = {
  requestInput: BOUNDS_RULES_REQUEST_INPUT,
  values: {},
  everywhere: { capability: BOUNDS_CAPABILITIES, capabilities: BOUNDS_CAPABILITIES, trust: BOUNDS_TRUST },
};
