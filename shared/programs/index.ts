/**
 * The knowledge base of programs that run code, write outside the project, reach the network,
 * escalate or destroy: data with reasons and sources, and the generic steps every shell dialect's
 * lints share (proposing witnesses, grouping findings by root cause). Agent-neutral.
 */
export * from './types';
export { CATALOG, programNamed } from './catalog';
export { probesFor, MAX_PROBES, type Probe } from './probes';
export { runsAnythingFindings, runsAnythingHeadline, strongestProbe, hitSeverity, type Claim, type RunsAnythingHit, type Writable } from './report';
export { READERS, WRITERS, fileCommand, type FileCommand } from './files';
export { spellings, SYSTEM_PROGRAMS, type Spelling, type SpellingKind } from './spellings';
export { broaderCommands, exactHeadline } from './exact';
export { opensToCode, runsChosenCode } from './observed';
