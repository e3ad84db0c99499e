import { registerStepType, type TReviewWorkspace, type TUserStep } from '@impact/domain';
import { DATE_QUESTION, dateAnswerOf, dateQuestionStepType } from '@impact/domain/testing/date-question';
import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StepEditorProps } from '../../features/call-builder/components/step-editor-props';
import { registerStepEditor } from '../../features/call-builder/components/step-editors';
import { StepForm } from '../../features/call-builder/components/step-form';
import { SubmissionView } from '../../features/review/components/submission-view';
import { type ReviewSectionProps, ReviewSectionsProvider } from '../../features/step-kit/review-sections';
import type { StepProps } from '../../features/step-kit/step-props';
import { registerWebStepType, stepProblems, webStepType } from '../../features/step-types';
import { initI18n } from '../../lib/i18n/i18n';
import { REVIEW_SECTIONS } from './review';

/*
 * The web app's layer of a new step type: the wizard's step, the call editor's content editor and
 * the reviewer's section, each one entry beside the shipped ones, and the features find them. The
 * server's layers have their own test (apps/server/src/modules/step-types/new-type-layers.test.ts).
 */
registerStepType(dateQuestionStepType);

function DateStep({ step, onContent }: StepProps) {
  const question = JSON.parse(step.content).question as string;
  return (
    <TextInput type="date" label={question} onChange={(e) => onContent(JSON.stringify({ date: e.target.value }))} />
  );
}
const DateEditor = ({ content, onChange }: StepEditorProps) => (
  <TextInput
    label="Date question"
    value={JSON.parse(content).question}
    onChange={(e) => onChange(JSON.stringify({ question: e.target.value }))}
  />
);
const DateReview = ({ section }: ReviewSectionProps) => <p>On {dateAnswerOf(section.answers)?.date ?? '—'}</p>;

registerWebStepType(DATE_QUESTION, { Step: DateStep });
registerStepEditor(DATE_QUESTION, DateEditor);

const step: TUserStep = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Avvio',
  description: '',
  content: JSON.stringify({ question: 'Quando inizia?' }),
  sort: 0,
  stepTypeId: '00000000-0000-4000-8000-000000000002',
  stepType: { name: DATE_QUESTION },
  subSteps: [],
  stage: 1,
};

beforeAll(async () => {
  await initI18n('en');
  // jsdom lays nothing out; the step form scrolls itself into view when it opens.
  Element.prototype.scrollIntoView = () => {};
});

describe('a step type added in one entry per layer of the web app', () => {
  it('the wizard: its step is drawn, and its shared rule blocks Next until answered', () => {
    const entry = webStepType(DATE_QUESTION);
    if (!entry) throw new Error('not registered');
    render(
      <MantineProvider>
        <entry.Step
          step={step}
          submissionId="s"
          result={undefined}
          readOnly={false}
          subStep={0}
          onContent={() => {}}
          registerFlush={() => {}}
        />
      </MantineProvider>,
    );
    expect(screen.getByLabelText('Quando inizia?')).toBeTruthy();
    expect(stepProblems(step, undefined)).toEqual(['applying.validation.dateRequired']);
    expect(stepProblems(step, JSON.stringify({ date: '2026-12-01' }))).toEqual([]);
  });

  it('the call editor: the step form shows its content editor', () => {
    render(
      <MantineProvider>
        <StepForm
          step={{
            key: 'k',
            name: 'Avvio',
            description: '',
            content: step.content,
            sort: 0,
            stepTypeId: step.stepTypeId,
          }}
          position={0}
          stepTypes={[{ id: step.stepTypeId, name: DATE_QUESTION }]}
          onSave={() => {}}
          onCancel={() => {}}
        />
      </MantineProvider>,
    );
    expect((screen.getByLabelText('Date question') as HTMLInputElement).value).toBe('Quando inizia?');
  });

  it('the reviewer: its section shows the answer; the results step is left out, an unknown type points to the PDF', () => {
    const section = (stepId: string, sectionName: string, stepType: string, answers: string) => ({
      stepId,
      sectionName,
      stepType,
      questions: step.content,
      answers,
    });
    const ws = {
      assignmentId: '00000000-0000-4000-8000-000000000009',
      callName: 'Bando',
      blind: true,
      criteria: [],
      files: [],
      submission: {
        orgName: '[…]',
        miniDyi: [],
        attachments: [],
        sectionsForPDF: [
          section('00000000-0000-4000-8000-000000000001', 'Avvio', DATE_QUESTION, '{"date":"2026-12-01"}'),
          section('00000000-0000-4000-8000-000000000003', 'Risultati', 'results', ''),
          section('00000000-0000-4000-8000-000000000004', 'Altro', 'not-a-type', '{}'),
        ],
      },
    } as unknown as TReviewWorkspace;
    render(
      <MantineProvider>
        <ReviewSectionsProvider types={{ ...REVIEW_SECTIONS, [DATE_QUESTION]: DateReview }}>
          <SubmissionView ws={ws} />
        </ReviewSectionsProvider>
      </MantineProvider>,
    );
    expect(screen.getByText('On 2026-12-01')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Risultati' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Altro' })).toBeTruthy();
    expect(screen.getByText(/in the PDF/i)).toBeTruthy();
  });
});
