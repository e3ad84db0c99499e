import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { useBrowser } from '../support/journey';
import { DEMO, signIn } from '../support/sign-in';

/** The creator's quiz template: 12 questions whose correct answer is the first. */
const QUIZ = {
  pages: [
    {
      elements: Array.from({ length: 12 }, (_, i) => ({
        type: 'radiogroup',
        name: `q${i + 1}`,
        title: { default: `Question ${i + 1}`, it: `Domanda ${i + 1}` },
        isRequired: true,
        choices: [
          { value: 'a', text: { default: 'Answer A', it: 'Risposta A' } },
          { value: 'b', text: { default: 'Answer B', it: 'Risposta B' } },
        ],
        correctAnswer: 'a',
      })),
    },
  ],
};

describe('surveys, quizzes and the results step', () => {
  const browser = useBrowser();

  it('admin builds an NPS survey type from the template; an applicant answers with autosave, takes the quiz and sees the recap once submitted', async () => {
    const suffix = Date.now().toString(36);
    // Admin: a survey type from the NPS template, in the survey creator with its live preview.
    const admin = await browser.newPage();
    await signIn(admin.page, DEMO.admin, '/admin/survey/createType');
    await admin.page.getByRole('textbox', { name: 'Nome', exact: true }).fill(`NPS ${suffix}`);
    await admin.page.getByRole('textbox', { name: 'Descrizione', exact: true }).fill('Soddisfazione dei candidati');
    await admin.page.getByRole('combobox', { name: 'Modello', exact: true }).click();
    await admin.page.getByRole('option', { name: 'NPS', exact: true }).click();
    await admin.page.getByRole('button', { name: "Crea e apri l'editor" }).click();
    await admin.page.waitForURL(/\/admin\/survey\/creator\?id=[0-9a-f-]{36}$/);
    await admin.page.getByText('Quanto è probabile che consigli questo programma').first().waitFor();
    // The JSON tab, for power users: a syntax error is shown while typing.
    await admin.page.getByRole('tab', { name: 'JSON' }).click();
    const json = admin.page.getByTestId('survey-json');
    const saved = await json.inputValue();
    await json.fill(`${saved}}`);
    await admin.page.getByText('Errore di sintassi JSON').waitFor();
    await json.fill(saved);
    if (process.env.SHOT_DIR)
      await admin.page.screenshot({ path: `${process.env.SHOT_DIR}/surveys-creator.png`, fullPage: true });
    const surveyTypeId = new URL(admin.page.url()).searchParams.get('id') ?? '';

    // A call whose first step is that survey type; a results step added in the editor; saved.
    const page0 = admin.page;
    await page0.goto('/admin/calls/create/survey');
    await page0.getByRole('textbox', { name: 'Nome del bando', exact: true }).fill(`Bando NPS ${suffix}`);
    await page0.getByRole('combobox', { name: 'Tipo di questionario', exact: true }).click();
    await page0.getByRole('option', { name: `NPS ${suffix}`, exact: true }).click();
    await page0.getByRole('button', { name: 'Crea il bando' }).click();
    await page0.waitForURL(/\/admin\/calls\/[0-9a-f-]{36}$/);
    const builtCallId = page0.url().split('/').pop() ?? '';
    await page0.getByRole('tab', { name: /Passi/ }).click();
    await page0
      .getByTestId('step-name')
      .filter({ hasText: `NPS ${suffix}` })
      .waitFor();
    // A quiz survey type picked for a survey step makes it a quiz step (the picker offers no quiz).
    await (await apiAs(browser.baseUrl))('SJSurvey/CreateSurveyType', 'POST', {
      name: `Quiz ${suffix}`,
      description: 'Quiz',
      model: JSON.stringify(QUIZ),
      isQuiz: true,
    });
    await page0.getByRole('button', { name: 'Aggiungi passo' }).click();
    const quizForm = page0.getByRole('region', { name: /Modifica del passo 2/ });
    await quizForm.getByRole('textbox', { name: 'Nome del passo', exact: true }).fill('Quiz');
    await quizForm.getByRole('combobox', { name: 'Tipo di passo', exact: true }).click();
    await page0.getByRole('option', { name: 'Questionario', exact: true }).click();
    await quizForm.getByRole('combobox', { name: 'Tipo di questionario', exact: true }).click();
    await page0.getByRole('option', { name: `Quiz ${suffix}`, exact: true }).click();
    await expect
      .poll(() => quizForm.getByRole('combobox', { name: 'Tipo di passo', exact: true }).inputValue())
      .toBe('Quiz');
    await quizForm.getByRole('button', { name: 'Salva', exact: true }).click();
    await page0.getByRole('button', { name: 'Aggiungi passo' }).click();
    const form = page0.getByRole('region', { name: /Modifica del passo 3/ });
    await form.getByRole('textbox', { name: 'Nome del passo', exact: true }).fill('Risultati');
    await form.getByRole('combobox', { name: 'Tipo di passo', exact: true }).click();
    await page0.getByRole('option', { name: 'Risultati', exact: true }).click();
    await form.getByRole('button', { name: 'Salva', exact: true }).click();
    await page0.getByRole('button', { name: 'Salva bando' }).click();
    await page0.getByText('Bando aggiornato').waitFor();
    await admin.context.close();

    // The call: the survey type's model, a quiz from the template and a results step.
    const api = await apiAs(browser.baseUrl);
    const survey = await api<{ model: string }>(`SJSurvey/GetSurveyType?id=${surveyTypeId}`);
    const built = await api<{ steps: Array<{ content: string; stepType: { name: string } }> }>(
      `Call/GetCallByIdAdmin?callId=${builtCallId}`,
    );
    expect(built.steps.map((x) => x.stepType.name)).toEqual(['survey', 'quiz', 'results']);
    expect(built.steps[0]?.content).toBe(survey.model);
    const types = await api<Array<{ id: string; name: string }>>('Step/GetStepTypes');
    const typeId = (n: string) => types.find((x) => x.name === n)?.id;
    const callType = await api<{ id: string }>('Call/CreateCallType', 'POST', {
      name: `Survey ${suffix}`,
      description: 'Survey',
      steps: [
        { name: 'Soddisfazione', description: '', content: survey.model, sort: 0, stepTypeId: typeId('survey') },
        { name: 'Quiz', description: '', content: JSON.stringify(QUIZ), sort: 1, stepTypeId: typeId('quiz') },
        { name: 'Risultati', description: '', content: '', sort: 2, stepTypeId: typeId('results') },
      ],
    });
    const day = 86_400_000;
    const call = await api<{ id: string }>('Call/CreateCall', 'POST', {
      name: `Bando questionario ${suffix}`,
      description: '',
      openingAt: new Date(Date.now() - day).toISOString(),
      closingAt: new Date(Date.now() + 30 * day).toISOString(),
      callTypeId: callType.id,
    });

    // Applicant.
    const { context, page } = await browser.newPage();
    // The demo applicant: the provider allows few registrations per address, and other journeys need them.
    const person = DEMO.applicant;
    const mine = await apiAs(browser.baseUrl, person);
    const org = await mine<{ id: string }>('Organization/CreateOrganization', 'POST', {
      name: `Cooperativa Sara ${suffix}`,
      reg_number: '01234567890',
      street_name: 'Via Roma 1',
      city_name: 'Torino',
      country: 'IT',
      contact_name: 'Sara',
      contact_surname: 'Neri',
      contact_role: 'Presidente',
      contact_email: 'sara@example.org',
      personalData: true,
    });
    const submission = await mine<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
      callId: call.id,
      organizationId: org.id,
    });
    await signIn(page, person, `/call/${submission.id}/0/0`);
    const step = page.getByTestId('survey-step');
    const rate = (n: number) =>
      step
        .locator('.sd-rating__item')
        .filter({ hasText: new RegExp(`^${n}$`) })
        .click();

    // Next is blocked until the survey validates.
    await step.getByText('Quanto è probabile che consigli questo programma').waitFor();
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByTestId('step-problems').waitFor();
    if (process.env.SHOT_DIR)
      await page.screenshot({ path: `${process.env.SHOT_DIR}/survey-step.png`, fullPage: true });

    // 9: the promoter question, two features at most.
    await rate(9);
    await step.getByText('Quali funzionalità apprezzi di più?').first().waitFor();
    await step.getByText('Massimo due funzionalità').first().waitFor();
    await step.getByText('Facilità d’uso').first().click();
    await step.getByText('Supporto del team').first().click();
    // Every required question answered: the message goes at once, though the quiz is still empty.
    await page.getByTestId('step-problems').waitFor({ state: 'detached' });
    if (process.env.SHOT_DIR)
      await page.screenshot({ path: `${process.env.SHOT_DIR}/surveys-step.png`, fullPage: true });
    await expect.poll(() => step.getByRole('checkbox', { name: 'Finanziamento' }).isDisabled()).toBe(true);
    // 7: the passive comment; 3: the detractor comment.
    await rate(7);
    await step.getByText('Cosa ti farebbe dare un voto più alto?').first().waitFor();
    await rate(3);
    const detractor = step.getByRole('textbox', { name: /Cosa ti ha deluso/ });
    await detractor.fill('Tempi troppo lunghi.');
    await detractor.blur();
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 30_000 });

    // The answers survive a reload.
    await page.reload();
    await expect
      .poll(() => step.getByRole('textbox', { name: /Cosa ti ha deluso/ }).inputValue())
      .toBe('Tempi troppo lunghi.');

    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.waitForURL(/\/1\/0$/);
    const quiz = page.getByTestId('survey-step');
    await quiz.getByText('Domanda 12').first().waitFor();
    const answers = quiz.getByText('Risposta A', { exact: true });
    for (let i = 0; i < 12; i++) await answers.nth(i).click();
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.waitForURL(/\/2\/0$/);
    // Before Submit the results step keeps the recap back: it would tell which answers are right.
    await page.getByTestId('quiz-after-submit').getByText('I risultati del quiz si vedono dopo').waitFor();
    expect(await page.getByTestId('quiz-count').count()).toBe(0);

    await page.getByRole('button', { name: 'Invia la candidatura' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sì, invia' }).click();
    await page.getByRole('heading', { name: 'Grazie, candidatura inviata!' }).waitFor();
    await page.getByTestId('quiz-count').getByText('12 su 12 corrette').waitFor();
    if (process.env.SHOT_DIR)
      await page.screenshot({ path: `${process.env.SHOT_DIR}/surveys-closing.png`, fullPage: true });
    await context.close();
  });
});
