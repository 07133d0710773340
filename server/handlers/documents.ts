import * as path from 'path';
import { CONFIG_FILE } from '../../shared/config/lint-config';
import { isRequestsFile } from '../../shared/dialects';
import { uriToPath } from '../service/uri';
import { guard, type ServerContext } from './context';

/**
 * Open/change/close of documents: the service sees every edit at once (so hovers are current),
 * while checking waits for a quiet moment. Opening checks at once.
 */
export function registerDocuments(ctx: ServerContext): void {
  const { documents, service, validator } = ctx;
  // A `.rulelens.json` edited in the editor (a "Disable … (in .rulelens.json)" fix leaves it
  // unsaved) changes every file's settings at once, as a save would.
  const configEdited = (uri: string): boolean => {
    if (path.basename(uriToPath(uri)) !== CONFIG_FILE) return false;
    ctx.settings.clear();
    validator.scheduleAll();
    return true;
  };
  documents.onDidOpen(guard(ctx.connection, 'didOpen', undefined, (e) => {
    service.setDocument(e.document.uri, e.document.getText(), e.document.version);
    if (!configEdited(e.document.uri)) validator.schedule(e.document.uri, 0);
  }));
  documents.onDidChangeContent(guard(ctx.connection, 'didChange', undefined, (e) => {
    if (service.version(e.document.uri) === e.document.version) return;
    service.setDocument(e.document.uri, e.document.getText(), e.document.version);
    if (!configEdited(e.document.uri)) validator.schedule(e.document.uri);
  }));
  documents.onDidClose(guard(ctx.connection, 'didClose', undefined, (e) => {
    const uri = e.document.uri;
    if (path.basename(uriToPath(uri)) === CONFIG_FILE) {
      service.closeDocument(uri);
      configEdited(uri);
      return;
    }
    const kind = service.analyze(uri).kind;
    service.closeDocument(uri);
    // A rule or requests file is re-checked from disk (its partner's results may change);
    // anything else simply loses its diagnostics.
    if (kind !== 'none' || isRequestsFile(uriToPath(uri))) validator.schedule(uri, 0);
    else void validator.clear(uri);
  }));
}
