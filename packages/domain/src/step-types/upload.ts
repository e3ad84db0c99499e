import { translatedOr } from '../content-translations';
import { type TUploadStepContent, ZUploadStepContent } from '../steps';
import { ZUploadAnswer } from '../submissions';
import { sameContent, type TStepTypeDefinition } from './definition';
import { parseJson } from './json';
import { parseWithSchema } from './parse-with-schema';

export function uploadSlots(content: string): TUploadStepContent {
  const parsed = ZUploadStepContent.safeParse(parseJson(content));
  return parsed.success ? parsed.data : [];
}

export function uploadedOf(content: string | undefined) {
  const parsed = ZUploadAnswer.safeParse(parseJson(content));
  return parsed.success ? parsed.data.files : [];
}

/** The mandatory slots without a file. */
export function missingUploadSlots(stepContent: string, answer: string | undefined): string[] {
  const have = new Set(uploadedOf(answer).map((f) => f.slot));
  return uploadSlots(stepContent)
    .filter((s) => s.mandatory && !have.has(s.file_name))
    .map((s) => s.file_name);
}

/** Files in named slots; the answer is written by the server as files arrive. */
export const uploadStepType: TStepTypeDefinition<'upload'> = {
  name: 'upload',
  subSteps: [],
  hiddenInPicker: false,
  defaultContent: '[]',
  parseContent: (content) => parseWithSchema(ZUploadStepContent, content),
  answerSchema: ZUploadAnswer,
  serverKeptAnswer: true,
  answerProblems: (step, content) =>
    missingUploadSlots(step.content, content).length > 0 ? ['applying.validation.filesMissing'] : [],
  applicantContent: sameContent,
  scored: false,
  unfinished: (content) => (uploadSlots(content).length === 0 ? ['errors.calls.unfinished.uploadNoFile'] : []),
  // `file_name` stays the slot's key (answers and uploads name it); the reader's name goes in `label`.
  localisedContent: (content, text) => {
    const names = text.uploadSlots;
    if (!names) return content;
    return JSON.stringify(
      uploadSlots(content).map((slot) => {
        const own = names[slot.file_name];
        return {
          ...slot,
          label: translatedOr(own?.name, slot.file_name),
          file_description: translatedOr(own?.description, slot.file_description),
        };
      }),
    );
  },
};
