import type { Vocabulary } from '../dialect';

const BOUNDS_TOOLS = ['file.read', 'file.write', 'shell.exec'];

/** What an editor offers in Bounds path rules requests. */
export const BOUNDS_PATHS_VOCABULARY: Vocabulary = { values: { tool: BOUNDS_TOOLS } };
