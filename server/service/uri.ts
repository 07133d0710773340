import * as path from 'path';
import { fileURLToPath, pathToFileURL } from 'url';

/**
 * The file-system path of a document URI; non-file URIs (untitled, virtual) keep their URI as
 * their "path" so every document still has a stable key.
 * @example uriToPath('file:///ws/opencode.json') // '/ws/opencode.json'
 */
export function uriToPath(uri: string): string {
  if (!uri.startsWith('file:')) return uri;
  try {
    return fileURLToPath(uri);
  } catch {
    return uri;
  }
}

/**
 * A file URI for an absolute path; anything else is taken to be a URI already.
 * @example pathToUri('/ws/opencode.json') // 'file:///ws/opencode.json'
 */
export function pathToUri(p: string): string {
  return path.isAbsolute(p) ? pathToFileURL(p).href : p;
}
