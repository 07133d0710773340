import * as fs from 'fs';
import * as path from 'path';

export const ROOT = path.resolve(__dirname, '../..');

/**
 * The seed examples: the shared folder beside the checkout when it is there (as on the team's
 * machines and in CI), else the project's own copy in examples/.
 */
export const SHARED_EXAMPLES = fs.existsSync(path.resolve(ROOT, '../shared/examples/opencode'))
  ? path.resolve(ROOT, '../shared/examples')
  : path.join(ROOT, 'examples');

/**
 * The OpenCode seed pair exactly as the tests pin it (six requests, one of them `resources: []`).
 * `examples/opencode` is what a new user opens and may be trimmed; tests that count its requests
 * or findings use this copy.
 */
export const OPENCODE_PAIR = path.join(ROOT, 'test/fixtures/server/opencode');

/**
 * A seed example's file or folder: the shared seed's when the shared folder holds it, else the
 * project's own (the shared seeds hold only the first dialects' examples).
 */
export function exampleFile(rel: string): string {
  const shared = path.join(SHARED_EXAMPLES, rel);
  return fs.existsSync(shared) ? shared : path.join(ROOT, 'examples', rel);
}
