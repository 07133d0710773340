import type { Vocabulary } from '../dialect';
import { BOUNDS_PATHS_REQUEST_INPUT } from './request-input';

const BOUNDS_TOOLS = ['file.read', 'file.write', 'shell.exec'];

/** What an editor offers in Bounds path rules requests. */
export const BOUNDS_PATHS_VOCABULARY: Vocabulary = { requestInput: BOUNDS_PATHS_REQUEST_INPUT, values: { tool: BOUNDS_TOOLS } };
