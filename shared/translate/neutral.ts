import type { Decision } from '../model';
import type { Wildcard } from '../patterns/wildcard';

/**
 * One rule in the neutral form rules travel between agents in: the kind of call it judges, the
 * pattern of what the call acts on, and its decision.
 */
export interface NeutralRule {
  /** The source rule's index (0-based) and label, for the notes a translation writes. */
  from: number;
  label: string;
  /**
   * The neutral action: `bash` (a shell command), `read`, `edit`, `glob`, `grep`, `list`,
   * `webfetch`, `websearch`, `task`, `skill`, `todowrite`, … or `*` for every call. A pattern
   * such as `web*` is passed on as written; a target that cannot express it leaves it out.
   */
  action: string;
  /** null: the rule holds in every session; otherwise the agent (profile) it is scoped to. */
  scope: string | null;
  /** What the call acts on, as written in the source (a command, a path glob, a URL). */
  subject: string;
  /** The same, as the source matches it (home folder expanded, canonical wildcard). */
  subjectPattern: Wildcard;
  decision: Decision;
}

/**
 * A rule set in the neutral form: rules in order, the last matching one deciding (a source with
 * another order converts to this one), and the source's own decision to check a translation by.
 * @example opencode.translation.toNeutral(rs).rules[0] // { action: 'bash', subject: 'git *', decision: 'allow', … }
 */
export interface NeutralRules {
  /** The source agent's name, for the comments and notes a target writes ("OpenCode"). */
  sourceTitle: string;
  rules: NeutralRule[];
  /** The decision of a call no rule matches. */
  fallback: Decision;
  /** The source's own decision for one shell command: what a translation is checked against. */
  decideCommand(command: string): Decision;
}

/** A rule file written for another agent, checked by evaluating both sides on witness commands. */
export interface FileTranslation {
  kind: 'file';
  text: string;
  /** Witness commands whose decision differs between the source and the translation. */
  flips: Array<{ command: string; from: Decision; to: Decision }>;
  notes: string[];
  /** How many witness commands were evaluated on both sides. */
  checked: number;
}

/**
 * A settings object written for another agent, proved on the pattern automata: `report` holds the
 * lines a person reads (the CLI prints them apart from the settings, so the settings stay valid JSON).
 */
export interface SettingsTranslation {
  kind: 'settings';
  settings: unknown;
  /** Equivalent and nothing left to review. */
  ok: boolean;
  /** Everything the JSON form prints besides `settings` and the verdict. */
  details: Record<string, unknown>;
  report: string[];
}

/** What a target makes of neutral rules. */
export type Translated = FileTranslation | SettingsTranslation;
