import {
  missingUploadSlots,
  stepTypeDefinition,
  type TStep,
  type TUploadStepContent,
  uploadSlots,
} from '@impact/domain';
import { conflict } from '../../lib/app-error';
import type { ServerStepType } from './types';

const shared = stepTypeDefinition('upload');

/** The slots a step offers for files (none when it is not an upload step). */
export function uploadSlotsOfStep(step: TStep): TUploadStepContent {
  return step.stepType?.name === shared.name ? uploadSlots(step.content) : [];
}

export const uploadServerType: ServerStepType = {
  name: shared.name,
  async write() {
    // The answer lists the files received; only FileUpload/UploadFile writes it.
    throw conflict('errors.submissions.uploadAnswerIsServerKept');
  },
  async missing(_db, step, content) {
    return missingUploadSlots(step.content, content).map((slot) => ({
      path: `${step.id}.${slot}`,
      messageKey: 'errors.submissions.fileMissing',
    }));
  },
  prepareContent: (_content, parsed) => JSON.stringify(parsed),
};
