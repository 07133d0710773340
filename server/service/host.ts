import type { LintConfig } from '../../shared/config/lint-config';
import type { EvalContext } from '../../shared/model';

/** What the client can show; unsupported parts of a diagnostic or edit are folded or left out. */
export interface ClientFeatures {
  relatedInformation: boolean;
  codeDescription: boolean;
  /** The client can create files inside a workspace edit (needed to start a requests file). */
  createFiles: boolean;
  /**
   * The client shows change annotations and asks before applying one that needs confirmation:
   * a whole-file rewrite then lists each change in a preview first.
   */
  changeAnnotations?: boolean;
}

export const ALL_FEATURES: ClientFeatures = { relatedInformation: true, codeDescription: true, createFiles: true, changeAnnotations: true };

/**
 * Everything the language service borrows from its surroundings. Synchronous on purpose: the
 * server resolves settings before it asks, so the service stays a plain function of its inputs.
 */
export interface ServiceHost {
  /** Text of a file on disk, or undefined when it is missing or unreadable. */
  readFile(p: string): string | undefined;
  exists(p: string): boolean;
  /** What a folder holds (see `PolicyHost.list`): how a rule file's policy finds its other files. */
  list?(dir: string): Array<{ name: string; kind: 'file' | 'dir' | 'link' }> | undefined;
  ctx?: EvalContext;
  /** Lint levels and excludes for one document; absent means defaults. */
  configFor?(p: string): LintConfig;
  /** Base URL of the lint pages; `<base><id>.md` is each lint's page. */
  docsBase?: string;
  features?: ClientFeatures;
  /**
   * A rule file's text at the git base (HEAD): `missing` when git does not know the file yet,
   * undefined when it is not in a repository. The real server reads git behind a cache; the
   * service only asks, so it never spawns anything itself.
   */
  baseText?(path: string): { text: string; missing?: boolean } | undefined;
  /** Absolute path of the imported history (`rulelens.history`) for a rule file, when set. */
  historyFor?(path: string): string | undefined;
  /**
   * The host runs checks in stages (`LanguageService.check`), as the language server does: answers
   * then come from the last finished stage and never wait for one.
   */
  staged?: boolean;
}
