export * from './types';
export { parseLedger, entryLine, nextStepNumber, LEDGER_FIELDS } from './parse';
export { judgeNext, appendEntry, taskHistory, ruleField, type BoundsFiles } from './judge';
export { replayLedger, type Flip, type ReplayResult } from './replay';
export { suggestCeilings, type SuggestResult, type Suggestion, type RepeatGroup } from './suggest';
export { explainEntry, entryHeadline, adviceFor, type Explanation } from './explain';
export { findUp, ledgerPath, companionPath, ATTESSO } from './locate';
export { loadLedgerFiles, errorLines, type LedgerFiles, type Loaded } from './files';
