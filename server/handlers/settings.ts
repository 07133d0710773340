import * as path from 'path';
import type { Connection } from 'vscode-languageserver';
import { CONFIG_FILE, EMPTY_CONFIG, LINT_LEVELS, mergeConfig, parseLintConfig, type LintConfig, type LintLevel } from '../../shared/config/lint-config';
import type { Finding } from '../../shared/model';
import { toDiagnostic } from '../service/diagnostics';
import { pathToUri } from '../service/uri';
import { uriToPath } from '../service/uri';
import { lensMode, type LensMode } from '../service/lens-mode';

/** The `rulelens` settings section as the client sends it. */
export interface RuleLensSettings {
  lints?: Record<string, unknown>;
  excludeFiles?: unknown;
  docsBaseUrl?: unknown;
  /** `all` | `summary` | `off` */
  codeLens?: unknown;
  history?: unknown;
  /** Check every rule file of the workspace, opened or not (default on). */
  backgroundCheck?: unknown;
}

/**
 * Lint configuration per document: the nearest `.rulelens.json` merged under the `rulelens`
 * settings for that document (the setting wins). Fetched once per document and cached until the
 * settings or a config file change; the service reads the cache synchronously.
 */
export class Settings {
  private readonly cache = new Map<string, LintConfig>();
  /** The code lens mode per document, fetched with its lint config. */
  private readonly lenses = new Map<string, LensMode>();
  /** What was last published on each config file, so a re-read does not resend the same list. */
  private readonly configProblems = new Map<string, string>();
  private readonly histories = new Map<string, string | undefined>();
  private pending = new Map<string, Promise<void>>();
  private global: RuleLensSettings = {};
  folders: string[] = [];

  constructor(
    private readonly connection: Connection,
    private readonly useConfiguration: boolean,
    private readonly readText: (p: string) => string | undefined,
  ) {}

  /** Called with the new global section whenever it changes (the log follows `trace.server`). */
  onGlobal: (s: RuleLensSettings) => void = () => undefined;

  setGlobal(s: unknown): void {
    this.global = s && typeof s === 'object' ? s : {};
    this.onGlobal(this.global);
    this.clear();
  }

  clear(): void {
    this.cache.clear();
    this.lenses.clear();
    this.histories.clear();
    this.pending = new Map();
  }

  /** The cached config of a path (defaults until `prepare` fetched it). */
  peek(p: string): LintConfig {
    return this.cache.get(p) ?? EMPTY_CONFIG;
  }

  /** The `rulelens.codeLens` mode of a document (the global setting until `prepare` fetched it). */
  lensMode(uri: string): LensMode {
    return this.lenses.get(uriToPath(uri)) ?? lensMode(this.global.codeLens);
  }

  /** The `rulelens.history` file for a path, resolved against its workspace folder (cached by `prepare`). */
  historyOf(p: string): string | undefined {
    return this.histories.get(p);
  }

  /**
   * `rulelens.backgroundCheck`: whether rule files nobody opened are checked (default on). The
   * client's answer wins; a client that leaves it out keeps what it sent at start.
   * @example if (await settings.backgroundCheck()) checker.start();
   */
  async backgroundCheck(): Promise<boolean> {
    let got: unknown;
    if (this.useConfiguration) got = await this.connection.workspace.getConfiguration({ section: 'rulelens' }).catch(() => undefined);
    const fetched = got && typeof got === 'object' ? (got as RuleLensSettings).backgroundCheck : undefined;
    return (typeof fetched === 'boolean' ? fetched : this.global.backgroundCheck) !== false;
  }

  /** Fetches the settings of documents not cached yet. */
  async prepare(uris: readonly string[]): Promise<void> {
    await Promise.all(uris.map((u) => this.prepareOne(u)));
  }

  private prepareOne(uri: string): Promise<void> {
    const p = uriToPath(uri);
    if (this.cache.has(p)) return Promise.resolve();
    let job = this.pending.get(p);
    if (!job) {
      const pending = this.pending;
      job = this.fetch(uri).then(
        (cfg) => {
          if (this.pending === pending) this.cache.set(p, cfg);
        },
        () => {
          if (this.pending === pending) this.cache.set(p, this.build(p, this.global));
        },
      );
      pending.set(p, job);
    }
    return job;
  }

  private async fetch(uri: string): Promise<LintConfig> {
    let s: RuleLensSettings = this.global;
    if (this.useConfiguration) {
      const got: unknown = await this.connection.workspace.getConfiguration({ scopeUri: uri, section: 'rulelens' });
      if (got && typeof got === 'object') s = got;
    }
    this.lenses.set(uriToPath(uri), lensMode(s.codeLens));
    return this.build(uriToPath(uri), s);
  }

  private build(p: string, s: RuleLensSettings): LintConfig {
    const folder = this.folders.filter((f) => p.startsWith(f + path.sep)).sort((a, b) => b.length - a.length)[0];
    const fileConfig = this.fileConfig(p, folder);
    const levels: Record<string, LintLevel> = {};
    for (const [k, v] of Object.entries(s.lints ?? {})) if (typeof v === 'string' && (LINT_LEVELS as readonly string[]).includes(v)) levels[k] = v as LintLevel;
    this.histories.set(p, typeof s.history === 'string' && s.history ? path.resolve(folder ?? path.dirname(p), s.history) : undefined);
    const exclude = Array.isArray(s.excludeFiles) ? s.excludeFiles.filter((x): x is string => typeof x === 'string') : [];
    return mergeConfig(fileConfig, { levels, exclude, base: folder ?? '' });
  }

  /** A `.rulelens.json` mistake (bad level, unknown lint id, invalid JSON) is a diagnostic on that file. */
  private publishConfigProblems(file: string, findings: readonly Finding[]): void {
    const key = JSON.stringify(findings.map((f) => [f.range, f.message]));
    if (this.configProblems.get(file) === key) return;
    this.configProblems.set(file, key);
    const uri = pathToUri(file);
    void this.connection.sendDiagnostics({ uri, diagnostics: findings.map((f) => toDiagnostic(f, uri, undefined)) }).catch(() => undefined);
  }

  /** The nearest `.rulelens.json` from the document's folder up to its workspace folder. */
  private fileConfig(p: string, folder: string | undefined): LintConfig {
    if (!path.isAbsolute(p)) return EMPTY_CONFIG;
    let dir = path.dirname(p);
    for (;;) {
      const file = path.join(dir, CONFIG_FILE);
      const text = this.readText(file);
      if (text !== undefined) {
        const parsed = parseLintConfig(file, text);
        this.publishConfigProblems(file, parsed.findings);
        return parsed.config;
      }
      const up = path.dirname(dir);
      if (up === dir || (folder && dir === folder)) return EMPTY_CONFIG;
      dir = up;
    }
  }
}
