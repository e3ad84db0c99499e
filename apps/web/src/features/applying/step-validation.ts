import {
  parseStepContent,
  type TStep,
  type TTextStepContent,
  type TUploadStepContent,
  ZTextAnswer,
  ZUploadAnswer,
} from '@impact/domain';
import { miniDyiProblems } from '../impact/validation';

export function textDefinition(step: TStep): TTextStepContent {
  const parsed = parseStepContent('text', step.content);
  return parsed.ok ? (parsed.value as TTextStepContent) : { question: '' };
}

export function uploadSlots(step: TStep): TUploadStepContent {
  const parsed = parseStepContent('upload', step.content);
  return parsed.ok ? (parsed.value as TUploadStepContent) : [];
}

export function textAnswerOf(content: string | undefined): string {
  if (!content) return '';
  try {
    const parsed = ZTextAnswer.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data.answer : '';
  } catch {
    return '';
  }
}

export function uploadedOf(content: string | undefined) {
  if (!content) return [];
  try {
    const parsed = ZUploadAnswer.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data.files : [];
  } catch {
    return [];
  }
}

/**
 * What keeps Next from moving on (the server says the same when submitting): a text answer
 * missing or too long, a mandatory file missing. Returns translation keys.
 */
export function stepProblems(step: TStep, content: string | undefined, subStep?: number): string[] {
  const type = step.stepType?.name;
  // The impact step: the problems up to the current sub-step (all of them when submitting).
  if (type === 'miniDyi') return miniDyiProblems(step, content, subStep);
  if (type === 'text') {
    const answer = textAnswerOf(content);
    const max = textDefinition(step).maxLength;
    if (!answer.trim()) return ['applying.validation.textRequired'];
    if (max && answer.length > max) return ['applying.validation.textTooLong'];
  }
  if (type === 'upload') {
    const have = new Set(uploadedOf(content).map((f) => f.slot));
    if (uploadSlots(step).some((s) => s.mandatory && !have.has(s.file_name)))
      return ['applying.validation.filesMissing'];
  }
  return [];
}
