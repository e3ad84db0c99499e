import { apiAs } from './api';
import { DEMO } from './sign-in';

const DAY = 86_400_000;

/** A text step (question, answer), or a step of another type with its content and stored answer. */
type StepSpec =
  | { name: string; question: string; stage?: 2; answer?: string }
  | { name: string; type: string; content: string; answerContent: string };

/**
 * A journey's starting point, set up through the API as the people would: the admin makes an open
 * call of text steps, the demo applicant registers an organization, answers the steps given an
 * answer and submits. The journey itself is what follows, in the browser.
 */
export async function submittedApplication(
  baseUrl: string,
  spec: { callName: string; description: string; orgName: string; contactEmail: string; steps: StepSpec[] },
) {
  const admin = await apiAs(baseUrl);
  const types = await admin<Array<{ id: string; name: string }>>('Step/GetStepTypes');
  const typeId = (name: string) => types.find((t) => t.name === name)?.id;
  const callType = await admin<{ id: string }>('Call/CreateCallType', 'POST', {
    name: spec.callName,
    description: '',
    steps: spec.steps.map((step, sort) =>
      'type' in step
        ? { name: step.name, description: '', content: step.content, sort, stepTypeId: typeId(step.type) }
        : {
            name: step.name,
            description: '',
            content: JSON.stringify({ question: `<p>${step.question}</p>`, maxLength: 2000 }),
            sort,
            stepTypeId: typeId('text'),
            ...(step.stage ? { stage: step.stage } : {}),
          },
    ),
  });
  const call = await admin<{ id: string }>('Call/CreateCall', 'POST', {
    name: spec.callName,
    description: spec.description,
    openingAt: new Date(Date.now() - DAY).toISOString(),
    closingAt: new Date(Date.now() + 30 * DAY).toISOString(),
    callTypeId: callType.id,
  });
  const applicant = await apiAs(baseUrl, DEMO.applicant);
  const org = await applicant<{ id: string }>('Organization/CreateOrganization', 'POST', {
    name: spec.orgName,
    reg_number: '01234567890',
    street_name: 'Via Po 2',
    city_name: 'Torino',
    country: 'IT',
    contact_name: 'Chiara',
    contact_surname: 'Neri',
    contact_role: 'Presidente',
    contact_email: spec.contactEmail,
    personalData: true,
  });
  const submission = await applicant<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
    callId: call.id,
    organizationId: org.id,
  });
  const steps = (await admin<{ steps: Array<{ id: string }> }>(`Call/GetCallByIdAdmin?callId=${call.id}`)).steps;
  for (const [i, step] of spec.steps.entries()) {
    const content = 'type' in step ? step.answerContent : step.answer && JSON.stringify({ answer: step.answer });
    if (content === undefined) continue;
    await applicant('Call/UpsertCallStepResult', 'POST', {
      callSubmissionId: submission.id,
      stepId: steps[i]?.id,
      content,
      version: 0,
    });
  }
  await applicant('Call/CloseCallSubmission', 'POST', { submissionId: submission.id, language: 'it' });
  return { admin, applicant, call, org, submission, steps };
}
