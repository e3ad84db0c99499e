import type { TStep } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { stepProblems } from './step-validation';

const step = (type: string, content: unknown): TStep => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 's',
  description: '',
  content: JSON.stringify(content),
  sort: 0,
  stepTypeId: '00000000-0000-4000-8000-000000000002',
  stepType: { name: type },
  expectedAnswers: null,
  subSteps: [],
});

describe('stepProblems (Next is blocked while a step is not valid)', () => {
  it('text: required and within the limit', () => {
    const s = step('text', { question: 'q', maxLength: 5 });
    expect(stepProblems(s, undefined)).toEqual(['applying.validation.textRequired']);
    expect(stepProblems(s, JSON.stringify({ answer: '   ' }))).toEqual(['applying.validation.textRequired']);
    expect(stepProblems(s, JSON.stringify({ answer: 'toolong' }))).toEqual(['applying.validation.textTooLong']);
    expect(stepProblems(s, JSON.stringify({ answer: 'ok' }))).toEqual([]);
  });
  it('upload: mandatory files only', () => {
    const s = step('upload', [
      { file_name: 'A', file_description: '', file_type: 'pdf', dimensions: 10, mandatory: true },
      { file_name: 'B', file_description: '', file_type: 'pdf', dimensions: 10, mandatory: false },
    ]);
    expect(stepProblems(s, undefined)).toEqual(['applying.validation.filesMissing']);
    const a = { slot: 'A', fileDownloadId: '00000000-0000-4000-8000-000000000003', fileName: 'a.pdf', description: '' };
    expect(stepProblems(s, JSON.stringify({ files: [a] }))).toEqual([]);
  });
});
