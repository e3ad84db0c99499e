import { STEP_TYPES } from '@impact/domain';
import { conflict } from '../../lib/app-error';
import { keepContent, type ServerStepType } from './types';

const shared = STEP_TYPES.results;

/** Nothing to answer: the results are computed by the server when read. */
export const resultsServerType: ServerStepType<'results'> = {
  name: shared.name,
  async write() {
    throw conflict('errors.submissions.noAnswerForStep');
  },
  missing: async () => [],
  prepareContent: keepContent,
};
