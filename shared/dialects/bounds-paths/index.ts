import type { Dialect } from '../dialect';
import { BOUNDS_PATHS_VOCABULARY } from './vocabulary';
import { detectBoundsPaths } from './detect';
import { evaluateBoundsPaths } from './evaluate';
import { BOUNDS_PATHS_REQUEST_FIELDS, describeBoundsPathsRequest, readBoundsPathsRequest } from './request';
import type { BoundsPathsRequest, PathsRuleSet } from './types';
import { parseBoundsPaths } from './validate';
import { boundsPathsWitnesses } from './witnesses';

/** Bounds file-tool scope (`.attesso/paths.json`): globs judged on raw, normalized and resolved paths. */
export const boundsPaths: Dialect<PathsRuleSet, BoundsPathsRequest> = {
  id: 'bounds-paths',
  title: 'Bounds file scope',
  nativeDecisions: { ALLOW: 'allow', DENY: 'deny' },
  requestFields: BOUNDS_PATHS_REQUEST_FIELDS,
  detect: detectBoundsPaths,
  parse: (file) => parseBoundsPaths(file),
  readRequest: readBoundsPathsRequest,
  evaluate: (rs, req, ctx) => evaluateBoundsPaths(rs, req, ctx),
  describeRequest: describeBoundsPathsRequest,
  vocabulary: BOUNDS_PATHS_VOCABULARY,
  witnesses: boundsPathsWitnesses,
};

export * from './types';
export { parseBoundsPaths, defaultBase } from './validate';
export { evaluateBoundsPaths, judgeFileTool, judgeShellTool } from './evaluate';
export { pathViews, resolveExisting, type PathView } from './views';
export { shellWords, pathCandidates, READING_COMMANDS } from './shell';
