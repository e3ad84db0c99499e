import {
  missingUploadSlots,
  parseJson,
  STEP_TYPES,
  type TPdfAttachment,
  type TStep,
  type TUploadStepContent,
  uploadedOf,
  uploadSlots,
  ZUploadAnswer,
} from '@impact/domain';
import { conflict } from '../../lib/app-error';
import { columnLabel } from './export-columns';
import type { ServerStepType } from './types';

const shared = STEP_TYPES.upload;

/** The slots a step offers for files (none when it is not an upload step). */
export function uploadSlotsOfStep(step: TStep): TUploadStepContent {
  return step.stepType?.name === shared.name ? uploadSlots(step.content) : [];
}

export const uploadServerType: ServerStepType<'upload'> = {
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
  // A slot's `label` is the reader's name, put in for applicants: what is stored is the slot itself.
  prepareContent: (_content, parsed) =>
    JSON.stringify((parsed as TUploadStepContent).map(({ label: _label, ...slot }) => slot)),
  exportColumns: (step, ctx) => [
    {
      header: columnLabel(step, ctx.t('export.attachments')),
      value: (row) => row.files.get(step.id)?.join('; ') ?? null,
    },
  ],
  recordParts(step, answer) {
    const attachments: TPdfAttachment[] = uploadedOf(answer).map((f) => ({
      attachmentTitle: f.slot,
      fileName: f.fileName,
      description: f.description,
      stepName: step.name,
      fileDownloadId: f.fileDownloadId,
    }));
    return { attachments };
  },
  // The file names name the organization as often as anything: a blind reviewer sees neutral ones.
  redactAnswer(answer, neutralName) {
    const parsed = ZUploadAnswer.safeParse(parseJson(answer));
    if (!parsed.success) return answer;
    const upload = parsed.data;
    return JSON.stringify({ ...upload, files: upload.files.map((f) => ({ ...f, fileName: neutralName(f.fileName) })) });
  },
};
