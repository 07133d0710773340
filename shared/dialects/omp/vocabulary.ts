import type { Vocabulary } from '../dialect';
import { OMP_REQUEST_INPUT } from './request-input';

const OMP_MODES = ['always-ask', 'write', 'yolo'];
const OMP_APPROVALS = ['allow', 'prompt', 'deny'];

/** What an editor offers in oh-my-pi settings and requests. */
export const OMP_VOCABULARY: Vocabulary = {
  requestInput: OMP_REQUEST_INPUT,
  values: { mode: OMP_MODES, tool: ['bash'] },
  everywhere: { approval: OMP_APPROVALS, approvalMode: OMP_MODES },
};
