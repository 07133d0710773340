import type { Range } from '../../shared/model';

/** GitHub shows only the first few annotations of a step; past this many the rest are counted. */
export const MAX_ANNOTATIONS = 50;

/** One annotation: a workflow command GitHub turns into a note on the changed line of a pull request. */
export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  /** Path from the repository's top, with forward slashes. */
  file: string;
  range?: Range;
  title: string;
  message: string;
}

const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * An annotation as GitHub's workflow command: `::error file=F,line=L,col=C,title=T::message`, its
 * text escaped so a message cannot end the command or start another.
 * @example annotationLine({ level: 'error', file: 'opencode.json', title: 'decision-flip', message: 'a: ask → allow' }) // '::error file=opencode.json,title=decision-flip::a: ask → allow'
 */
export function annotationLine(a: Annotation): string {
  const at = a.range ? `,line=${a.range.start.line + 1},col=${a.range.start.character + 1}${a.range.end.line > a.range.start.line ? `,endLine=${a.range.end.line + 1}` : ''}` : '';
  return `::${a.level} file=${property(a.file)}${at},title=${property(a.title)}::${data(a.message)}`;
}
