import { DEFAULT_BUDGET_CONTENT, NPS_TEMPLATE, type TCallTranslations, type TStepTranslations } from '@impact/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import {
  callReminders,
  callSubmissions,
  calls,
  configs,
  impactFrameworks,
  organizationMembers,
  stepResults,
  stepTypes,
  submissionChangeRequests,
  submissionMessages,
  users,
} from './db/schema';
import { createCallType } from './modules/calls/call-types';
import { createCall } from './modules/calls/service';
import { findAccountByEmail } from './modules/idp/accounts';
import { IDP_PATH } from './modules/idp/provider';
import { createOrganization } from './modules/organizations/service';
import { saveRubric } from './modules/review/rubric';
import { recordWebhookEvent } from './modules/webhooks/record';
import { createEndpoint } from './modules/webhooks/service';
import { DEMO_DECLARATIONS, seedAwardedGrant, seedRunningGrant } from './seed-demo-grant';
import { seedDemoScreener } from './seed-demo-screener';
import { seedSubmittedApplication } from './seed-demo-submitted';

const DAY = 86_400_000;
const text = (question: string, maxLength = 2000) => JSON.stringify({ question, maxLength });
const budgetFile = JSON.stringify([
  {
    file_name: 'Budget del progetto',
    file_description: 'Il piano dei costi, firmato dal legale rappresentante',
    file_type: 'pdf',
    dimensions: 5 * 1024 * 1024,
    mandatory: true,
  },
  {
    file_name: 'Statuto',
    file_description: "Lo statuto dell'organizzazione",
    file_type: 'pdf',
    dimensions: 5 * 1024 * 1024,
    mandatory: false,
  },
]);

/**
 * The app's own users row for a demo account, as the first sign-in through the embedded provider
 * would write it (issuer and subject), so what the demo owns is found when the person signs in.
 */
async function demoUser(db: Db, config: AppConfig, email: string) {
  const account = await findAccountByEmail(db, email);
  if (!account) return null;
  const [row] = await db
    .insert(users)
    .values({
      issuer: `${config.publicUrl}${IDP_PATH}`,
      subject: account.id,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      roles: account.roles,
    })
    .onConflictDoUpdate({ target: [users.issuer, users.subject], set: { email: sql`excluded.email` } })
    .returning();
  return row ?? null;
}

/**
 * First run: a demo that shows the product. Two open calls (one with text, upload
 * and impact steps, one short with an eligibility screener), one opening next month, two closed,
 * and one in two stages whose first stage has closed, the demo organization invited to the second; the demo applicant has one
 * organization (with the demo colleague as its editor), a half-filled submission to resume and, to the closed call, a
 * submitted one with the administrator's open request for changes (0039); and a call closed last spring with the
 * organization's accepted application, its award letter waiting for an answer (0043). Only on an install without calls, so a
 * restart or a real installation never gets demo calls added.
 */
export async function seedDemoContent(db: Db, config: AppConfig) {
  const [anyCall] = await db.select({ id: calls.id }).from(calls).limit(1);
  if (anyCall) return;
  const admin = await demoUser(db, config, 'admin@impact-calls.test');
  const applicant = await demoUser(db, config, 'applicant@impact-calls.test');
  if (!admin || !applicant) return;
  const actor = { id: admin.id, email: admin.email };
  const types = new Map((await db.select().from(stepTypes)).map((t) => [t.name, t.id]));
  const typeId = (name: string) => {
    const id = types.get(name);
    if (!id) throw new Error(`step type ${name} is not seeded`);
    return id;
  };
  const [framework] = await db.select({ id: impactFrameworks.id }).from(impactFrameworks).limit(1);
  const now = Date.now();
  const makeCall = async (
    name: string,
    description: string,
    opensInDays: number,
    closesInDays: number,
    stepList: Array<{
      name: string;
      description?: string;
      type: string;
      content: string;
      translations?: TStepTranslations;
      stage?: 1 | 2;
    }>,
    translations: TCallTranslations = {},
  ) => {
    const callType = await createCallType(db, actor, {
      name,
      description: '',
      steps: stepList.map((s, sort) => ({
        name: s.name,
        description: s.description ?? '',
        content: s.content,
        sort,
        stepTypeId: typeId(s.type),
        ...(s.translations ? { translations: s.translations } : {}),
        ...(s.stage ? { stage: s.stage } : {}),
      })),
    });
    const call = await createCall(db, actor, {
      name,
      description,
      openingAt: new Date(now + opensInDays * DAY).toISOString(),
      closingAt: new Date(now + closesInDays * DAY).toISOString(),
      callTypeId: callType.id,
    });
    await db.update(calls).set({ translations }).where(eq(calls.id, call.id));
    return call;
  };

  const community = await makeCall(
    'Comunità che cura 2026',
    '<p>Sostegno a progetti di <strong>welfare di comunità</strong> per anziani soli e famiglie fragili. Contributo fino a 80.000 €.</p>',
    -10,
    45,
    [
      {
        name: 'Il progetto',
        description: '<p>Raccontaci che cosa volete fare e per chi.</p>',
        type: 'text',
        content: text('<p>Descrivi il progetto: bisogno, attività, persone raggiunte.</p>'),
        translations: {
          en: {
            name: 'The project',
            description: '<p>Tell us what you want to do and for whom.</p>',
            question: '<p>Describe the project: the need, the activities, the people reached.</p>',
          },
          fr: {
            name: 'Le projet',
            description: '<p>Dites-nous ce que vous voulez faire et pour qui.</p>',
            question: '<p>Décrivez le projet : le besoin, les activités, les personnes touchées.</p>',
          },
        },
      },
      {
        // Several short answers on one page: a text step with questions, translated one by one.
        name: 'In breve',
        type: 'text',
        content: JSON.stringify({
          question: '<p>Poche risposte brevi, per orientare chi legge la domanda.</p>',
          questions: [
            { id: 'title', label: 'Titolo del progetto', maxLength: 120, required: true },
            {
              id: 'months',
              label: 'Durata in mesi',
              help: 'Da 6 a 24 mesi.',
              maxLength: 20,
              required: true,
              kind: 'number',
            },
            {
              id: 'amount',
              label: 'Contributo richiesto (€)',
              help: 'Al massimo 80.000 €.',
              maxLength: 20,
              required: true,
            },
            {
              id: 'team',
              label: 'Il gruppo di lavoro',
              help: 'Chi lavora al progetto e con quali competenze? Facoltativo.',
              maxLength: 1024,
              required: false,
            },
          ],
        }),
        translations: {
          en: {
            name: 'In short',
            question: '<p>A few short answers, to guide whoever reads the application.</p>',
            questions: {
              title: { label: 'Project title' },
              months: { label: 'Duration in months', help: 'From 6 to 24 months.' },
              amount: { label: 'Grant requested (€)', help: 'At most €80,000.' },
              team: { label: 'The team', help: 'Who works on the project, and with which skills? Optional.' },
            },
          },
          fr: {
            name: 'En bref',
            question: '<p>Quelques réponses courtes, pour guider la lecture de la candidature.</p>',
            questions: {
              title: { label: 'Titre du projet' },
              months: { label: 'Durée en mois', help: 'De 6 à 24 mois.' },
              amount: { label: 'Subvention demandée (€)', help: 'Au maximum 80 000 €.' },
              team: {
                label: "L'équipe",
                help: 'Qui travaille sur le projet, et avec quelles compétences ? Facultatif.',
              },
            },
          },
        },
      },
      {
        name: 'Documenti',
        description: '<p>Carica i documenti richiesti.</p>',
        type: 'upload',
        content: budgetFile,
        translations: {
          en: {
            name: 'Documents',
            description: '<p>Upload the documents asked for.</p>',
            uploadSlots: {
              'Budget del progetto': {
                name: 'Project budget',
                description: 'The cost plan, signed by the legal representative',
              },
              Statuto: { name: 'Articles of association', description: "The organization's articles of association" },
            },
          },
          fr: {
            name: 'Documents',
            description: '<p>Téléversez les documents demandés.</p>',
            uploadSlots: {
              'Budget del progetto': {
                name: 'Budget du projet',
                description: 'Le plan des coûts, signé par le représentant légal',
              },
              Statuto: { name: 'Statuts', description: "Les statuts de l'organisation" },
            },
          },
        },
      },
      {
        name: 'Il tuo parere',
        description: '<p>Due minuti per dirci come ti trovi con il bando.</p>',
        type: 'survey',
        // The template's texts are localisable strings in it, en and fr already.
        content: JSON.stringify(NPS_TEMPLATE),
        translations: {
          en: { name: 'Your opinion', description: '<p>Two minutes to tell us how the call works for you.</p>' },
          fr: { name: 'Votre avis', description: "<p>Deux minutes pour nous dire ce que vous pensez de l'appel.</p>" },
        },
      },
      // The budget (decision 0041): grants up to 80,000 €, overheads at most 10 %, co-funding at
      // least 20 %; its total cost is the impact step's investment.
      {
        name: 'Piano finanziario',
        description: '<p>Le spese del progetto per anno e le altre fonti che lo finanziano.</p>',
        type: 'budget',
        content: JSON.stringify({
          ...DEFAULT_BUDGET_CONTENT,
          periods: ['2027', '2028'],
          maxRequested: 80000,
          minCoFundingShare: 0.2,
        }),
        translations: {
          en: { name: 'Budget', description: '<p>The project’s costs per year and the other sources funding it.</p>' },
          fr: {
            name: 'Budget',
            description: '<p>Les dépenses du projet par année et les autres sources qui le financent.</p>',
          },
        },
      },
      ...(framework
        ? [
            {
              name: "L'impatto",
              type: 'miniDyi',
              content: JSON.stringify({ frameworkId: framework.id }),
              translations: { en: { name: 'The impact' }, fr: { name: "L'impact" } },
            },
          ]
        : []),
      {
        name: 'I risultati',
        type: 'results',
        content: '',
        translations: { en: { name: 'The results' }, fr: { name: 'Synthèse des scores' } },
      },
    ],
    {
      en: {
        name: 'Caring Communities 2026',
        description:
          '<p>Support for <strong>community welfare</strong> projects for older people living alone and vulnerable families. Grants up to €80,000.</p>',
      },
      fr: {
        name: 'Communautés solidaires 2026',
        description:
          '<p>Soutien aux projets de <strong>protection sociale de proximité</strong> pour les personnes âgées isolées et les familles fragiles. Subvention jusqu’à 80 000 €.</p>',
      },
    },
  );
  const youth = await makeCall(
    'Giovani al lavoro',
    '<p>Percorsi di inserimento lavorativo per giovani tra i 18 e i 29 anni che non studiano e non lavorano.</p>',
    -3,
    60,
    [
      { name: 'La proposta', type: 'text', content: text('<p>Descrivi il percorso che proponete.</p>') },
      { name: 'Documenti', type: 'upload', content: budgetFile },
    ],
  );
  // Only non-profits based in Italy: the applicant screens before starting.
  await seedDemoScreener(db, youth.id);
  await makeCall(
    'Cultura diffusa 2027',
    '<p>Attività culturali nei quartieri periferici. Le candidature si aprono il mese prossimo.</p>',
    30,
    90,
    [{ name: 'Il progetto', type: 'text', content: text('<p>Descrivi il progetto culturale.</p>') }],
  );
  // A call still being written (decision 0063): a draft applicants do not see, whose upload step
  // asks for no file yet, so the editor marks it "To finish" and Publish says why.
  const inPreparation = await makeCall(
    'Ambiente e territorio 2027',
    '<p>Progetti di cura del territorio e di educazione ambientale. Bando in preparazione.</p>',
    40,
    120,
    [
      { name: 'Il progetto', type: 'text', content: text('<p>Descrivi il progetto e il territorio.</p>') },
      { name: 'Documenti', type: 'upload', content: '[]' },
    ],
  );
  await db.update(calls).set({ draft: true }).where(eq(calls.id, inPreparation.id));
  // In two stages (decision 0034): the expression of interest closed five days ago; the applicant's
  // organization was shortlisted and is invited to the full application (seeded below).
  const twoStage = await makeCall(
    'Innovazione sociale in due fasi',
    "<p>Prima una breve manifestazione d'interesse; le organizzazioni selezionate sono invitate alla candidatura completa.</p>",
    -40,
    -5,
    [
      {
        name: "Manifestazione d'interesse",
        type: 'text',
        content: text("<p>In poche righe: l'idea, per chi, con chi.</p>", 1500),
        translations: {
          en: { name: 'Expression of interest', question: '<p>In a few lines: the idea, for whom, with whom.</p>' },
          fr: { name: "Manifestation d'intérêt", question: "<p>En quelques lignes : l'idée, pour qui, avec qui.</p>" },
        },
      },
      {
        name: 'Il progetto completo',
        type: 'text',
        stage: 2,
        content: text('<p>Attività, tempi, risultati attesi e come li misurerete.</p>', 5000),
        translations: {
          en: {
            name: 'The full project',
            question: '<p>Activities, timing, expected results and how you will measure them.</p>',
          },
          fr: {
            name: 'Le projet complet',
            question: '<p>Activités, calendrier, résultats attendus et comment vous les mesurerez.</p>',
          },
        },
      },
      {
        name: 'Documenti',
        type: 'upload',
        stage: 2,
        content: budgetFile,
        translations: { en: { name: 'Documents' }, fr: { name: 'Documents' } },
      },
    ],
    {
      en: {
        name: 'Social innovation in two stages',
        description:
          '<p>First a short expression of interest; the organizations shortlisted are invited to the full application.</p>',
      },
      fr: {
        name: 'Innovation sociale en deux phases',
        description:
          "<p>D'abord une courte manifestation d'intérêt ; les organisations retenues sont invitées au dossier complet.</p>",
      },
    },
  );
  const schools = await makeCall(
    'Scuole aperte 2025',
    '<p>Il bando si è chiuso: i risultati sono stati pubblicati.</p>',
    -120,
    -20,
    [
      { name: 'Il progetto', type: 'text', content: text('<p>Descrivi il progetto.</p>') },
      { name: 'Il budget', type: 'text', content: text('<p>Il budget, voce per voce.</p>') },
    ],
  );
  // Closed last spring; its accepted applications are grants now (decision 0043).
  const gardens = await makeCall(
    'Orti in città 2025',
    '<p>Orti condivisi nei cortili e nelle scuole. Il bando è chiuso: i contributi sono stati assegnati.</p>',
    -240,
    -180,
    [
      { name: 'Il progetto', type: 'text', content: text('<p>Descrivi il progetto.</p>') },
      ...(framework
        ? [{ name: "L'impatto", type: 'miniDyi', content: JSON.stringify({ frameworkId: framework.id }) }]
        : []),
    ],
  );
  // The form of its grants' reports (decision 0044): what was done, and the impact measured
  // against the application's own targets.
  const reportForm = await createCallType(db, actor, {
    name: 'Relazione sul contributo',
    description: '',
    steps: [
      {
        name: 'Attività svolte',
        description: '',
        content: text('<p>Che cosa avete fatto in questo periodo? Che cosa è cambiato rispetto al piano?</p>'),
        sort: 0,
        stepTypeId: typeId('text'),
        translations: { en: { name: 'What was done' }, fr: { name: 'Activités réalisées' } },
      },
      {
        name: 'Impatto misurato',
        description: '',
        content: '',
        sort: 1,
        stepTypeId: typeId('impactActuals'),
        translations: { en: { name: 'Impact measured' }, fr: { name: 'Impact mesuré' } },
      },
    ],
  });

  // The applicant's organization and a submission half done: the first step answered.
  const organization = await createOrganization(db, applicant.id, {
    name: 'Cooperativa sociale Il Melo',
    reg_number: '01234567890',
    street_name: 'Via Garibaldi 12',
    city_name: 'Torino',
    country: 'IT',
    date_of_foundation: '2004-05-18',
    contact_name: 'Marco',
    contact_surname: 'Bianchi',
    contact_role: 'Presidente',
    contact_email: 'applicant@impact-calls.test',
    ...DEMO_DECLARATIONS,
  });
  const colleague = await demoUser(db, config, 'colleague@impact-calls.test');
  if (colleague) {
    await db
      .insert(organizationMembers)
      .values({ organizationId: organization.id, userId: colleague.id, role: 'editor' });
  }
  const [submission] = await db
    .insert(callSubmissions)
    // Started when the call opened, ten days ago: the reminders count it among the forgotten ones.
    .values({
      callId: community.id,
      organizationId: organization.id,
      createdByUserId: applicant.id,
      createdAt: new Date(now - 10 * DAY),
    })
    .returning();
  // Reminders 50, 7 and 1 days before closing, and a nudge after two weeks untouched: the call
  // closes in 45 days, so the first moment was 5 days ago, after the draft was started (10 days
  // ago): the reminders job (every five minutes) mails the team's draft soon after start (the
  // call editor's Reminders tab lists it, /dev/outbox shows it).
  await db
    .insert(callReminders)
    .values({ callId: community.id, hoursBeforeClosing: [50 * 24, 7 * 24, 24], nudgeAfterDays: 14 });
  await seedInvitedToStageTwo(db, twoStage, organization.id, applicant);
  // Its review was done: the rubric its decisions came from, so the Review tab shows them.
  await saveRubric(db, actor, {
    callId: gardens.id,
    blind: false,
    opensAt: null,
    reviewersPerSubmission: 1,
    criteria: [
      {
        id: 'impatto',
        name: 'Impatto',
        description: 'Che cosa cambia per le famiglie e il quartiere',
        weight: 2,
        min: 0,
        max: 5,
        commentRequired: false,
      },
      {
        id: 'fattibilita',
        name: 'Fattibilità',
        description: 'Piano, tempi e costi credibili',
        weight: 1,
        min: 0,
        max: 5,
        commentRequired: false,
      },
    ],
  });
  const reporting = { frameworkId: framework?.id ?? null, formCallTypeId: reportForm.id };
  const interimPlanId = await seedAwardedGrant(db, gardens, organization.id, applicant, actor, reporting);
  if (colleague) {
    await seedRunningGrant(db, gardens, colleague, actor, { frameworkId: reporting.frameworkId, interimPlanId });
  }
  await seedIntegrations(db, actor, {
    submissionId: submission?.id ?? null,
    callId: community.id,
    organizationName: organization.name,
  });
  await seedChangesRequested(db, schools, organization.id, applicant, admin);
  const firstStep = [...community.steps].sort((a, b) => a.sort - b.sort)[0];
  if (submission && firstStep) {
    await db.insert(stepResults).values({
      callSubmissionId: submission.id,
      stepId: firstStep.id,
      content: JSON.stringify({
        answer:
          'Una rete di vicinato che accompagna 120 anziani soli del quartiere Barriera di Milano: visite settimanali, spesa a domicilio e un punto di ascolto aperto tre pomeriggi a settimana.',
      }),
    });
  }
}

/**
 * The applicant's expression of interest to the two-stage call, submitted when stage 1 was open
 * (with its frozen record, so its PDF downloads), and the invitation to stage 2 with three weeks
 * to go, as `Call/InviteToStage` leaves it (its mail is not sent: nobody is waiting for it).
 */
async function seedInvitedToStageTwo(
  db: Db,
  call: Awaited<ReturnType<typeof createCall>>,
  organizationId: string,
  applicant: { id: string; email: string },
) {
  const now = Date.now();
  await seedSubmittedApplication(
    db,
    call,
    organizationId,
    applicant,
    [
      'Un emporio solidale gestito da giovani volontari, aperto alle famiglie del quartiere segnalate dai servizi sociali, con un piccolo laboratorio di riparazioni.',
    ],
    new Date(now - 8 * DAY),
    { stage: 2, stageInvitedAt: new Date(now - 2 * DAY), stageClosingAt: new Date(now + 21 * DAY) },
  );
}

/**
 * The integrations to look at (docs/INTEGRATIONS.md): the active branding lets one example site
 * frame /embed/calls (the configuration page shows the snippet), and a webhook endpoint on a name
 * that cannot resolve (.invalid) has the draft's `submission.started` event waiting: the
 * Webhooks page's delivery log shows its failed attempts and their error, and no demo data ever
 * leaves the machine.
 */
async function seedIntegrations(
  db: Db,
  actor: { id: string; email: string },
  started: { submissionId: string | null; callId: string; organizationName: string },
) {
  await db
    .update(configs)
    .set({ embedOrigins: ['https://www.example.org'], updatedAt: new Date() })
    .where(eq(configs.isActive, true));
  await createEndpoint(
    db,
    actor,
    {
      url: 'https://hooks.impact-demo.invalid/impact-calls',
      description: 'CRM della fondazione (esempio)',
      events: ['submission.started', 'submission.submitted', 'decision.recorded'],
    },
    // Checked as any URL is, against an answer given here: the .invalid name resolves nowhere.
    { allowPrivate: false, resolve: async () => ['93.184.215.14'] },
  );
  if (started.submissionId) {
    await db.transaction((tx) =>
      recordWebhookEvent(tx, 'submission.started', {
        submissionId: started.submissionId,
        callId: started.callId,
        organizationName: started.organizationName,
      }),
    );
  }
}

/**
 * The applicant's application to the closed call, submitted, with the administrator's open
 * request for changes to its budget (docs/decisions/0039): the wizard shows the message and the
 * reopened step, the admin's view the request; the message is in the conversation too (its mail
 * is not seeded: nobody is waiting for it).
 */
async function seedChangesRequested(
  db: Db,
  call: Awaited<ReturnType<typeof createCall>>,
  organizationId: string,
  applicant: { id: string; email: string },
  admin: { id: string },
) {
  const now = Date.now();
  const seeded = await seedSubmittedApplication(
    db,
    call,
    organizationId,
    applicant,
    ['Laboratori pomeridiani di robotica in tre scuole medie di Torino.', 'Materiali 6.000, formatori 9.000.'],
    new Date(now - 30 * DAY),
  );
  const budget = seeded?.steps[1];
  if (!seeded || !budget) return;
  const { submission } = seeded;
  const message = 'Potete indicare nel budget anche il costo delle trasferte dei formatori? Grazie.';
  const requestedAt = new Date(now - 2 * DAY);
  await db.insert(submissionChangeRequests).values({
    callSubmissionId: submission.id,
    requestedByUserId: admin.id,
    stepIds: [budget.id],
    message,
    dueAt: new Date(now + 12 * DAY),
    createdAt: requestedAt,
  });
  await db.insert(submissionMessages).values({
    callSubmissionId: submission.id,
    authorUserId: admin.id,
    side: 'funder',
    body: message,
    createdAt: requestedAt,
  });
}
