import pg from 'pg';
import type { AccessTokens } from '../apps/server/src/modules/auth/access-tokens';
import { insertStep, oneRowOf } from './seed-sql';

/**
 * The deadline call's form: a text and a survey whose required questions the drafts answer, one
 * of them shown only by another's answer (SurveyJS runs the condition when the survey is checked).
 */
export const DEADLINE_SURVEY = {
  pages: [
    {
      elements: [
        {
          type: 'radiogroup',
          name: 'reach',
          title: 'Chi raggiungete?',
          isRequired: true,
          choices: ['giovani', 'anziani', 'famiglie', 'migranti'],
        },
        {
          type: 'checkbox',
          name: 'channels',
          title: 'Canali',
          isRequired: true,
          choices: ['web', 'radio', 'stampa', 'social'],
        },
        { type: 'rating', name: 'urgency', title: 'Urgenza', isRequired: true, rateMin: 1, rateMax: 5 },
        { type: 'text', name: 'people', title: 'Persone raggiunte', inputType: 'number', isRequired: true },
        {
          type: 'comment',
          name: 'youngDetail',
          title: 'Quali giovani?',
          isRequired: true,
          visibleIf: "{reach} = 'giovani'",
        },
        { type: 'boolean', name: 'partners', title: 'Avete partner?' },
      ],
    },
  ],
};

/** A complete answer of applicant `i`: half of them also answer the question their choice shows. */
export function deadlineSurveyAnswer(i: number) {
  const young = i % 2 === 0;
  return {
    reach: young ? 'giovani' : 'famiglie',
    channels: ['web', 'social'],
    urgency: 1 + (i % 5),
    people: 100 + i,
    ...(young ? { youngDetail: 'Ragazzi dai 14 ai 19 anni del quartiere' } : {}),
    partners: i % 3 === 0,
  };
}

export type Draft = { submissionId: string; token: string; organizationId: string; userId: string; email: string };

/**
 * `calls` open calls closing in two hours on one call type (a text and the survey above, or two
 * texts), and
 * `applicants` applicants, each with an organization, a live session and, in every call, a draft
 * whose required answers are all saved: Submit finds nothing missing. Written straight in SQL
 * after the server has migrated; returns the drafts call by call, applicant by applicant.
 */
export async function seedDeadlineDrafts(
  databaseUrl: string,
  sizes: { calls: number; applicants: number; withSurvey: boolean },
  tokens: AccessTokens,
): Promise<{ callIds: string[]; drafts: Draft[][] }> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('begin');
    const one = oneRowOf(c);
    const type = await one(`insert into call_types (name, description) values ('Scadenza', '') returning id`);
    const step = (name: string, stepType: string, sort: number, content: unknown) =>
      insertStep(one, type.id ?? '', { name, type: stepType, sort, content });
    const textStep = await step('Progetto', 'text', 0, { question: '<p>Descrivi il progetto</p>', maxLength: 4000 });
    // Without the survey, a second text: SurveyJS's own cost is measured apart (decision 0026).
    const surveyStep = sizes.withSurvey
      ? await step('Questionario', 'survey', 1, DEADLINE_SURVEY)
      : await step('Bilancio', 'text', 1, { question: '<p>Il bilancio in breve</p>', maxLength: 2000 });
    const callIds = (
      await c.query<{ id: string }>(
        `insert into calls (name, description, opening_at, closing_at, call_type_id)
         select 'Bando in scadenza ' || k, '<p>Ultimo giorno</p>', now() - interval '30 days', now() + interval '2 hours', $1
         from generate_series(1, $2::int) k returning id`,
        [type.id, sizes.calls],
      )
    ).rows.map((r) => r.id);
    const people = (
      await c.query<{ user_id: string; email: string; org_id: string; family: string; n: number }>(
        `with u as (
           insert into users (issuer, subject, email, first_name, last_name, roles)
           select 'storm', 'd' || i, 'd' || i || '@storm.example', 'Nome' || i, 'Cognome', '{}'
           from generate_series(1, $1::int) i returning id, email, subject),
         o as (
           insert into organizations (owner_user_id, name, reg_number, street_name, city_name, country,
                                      contact_name, contact_surname, contact_role, contact_email, personal_data)
           select id, 'Ente ' || email, '01234567890', 'Via Roma 1', 'Torino', 'IT', 'A', 'B', 'C',
                  'contatto-' || email, true
           from u returning id, owner_user_id),
         r as (
           insert into refresh_tokens (family_id, user_id, token_hash, expires_at)
           select gen_random_uuid(), id, md5(random()::text), now() + interval '1 day' from u returning family_id, user_id)
         select u.id as user_id, u.email, o.id as org_id, r.family_id as family, substr(u.subject, 2)::int as n
         from u join o on o.owner_user_id = u.id join r on r.user_id = u.id order by n`,
        [sizes.applicants],
      )
    ).rows;
    const drafts: Draft[][] = [];
    for (const callId of callIds) {
      const rows = (
        await c.query<{ id: string; organization_id: string }>(
          `insert into call_submissions (call_id, organization_id, created_by_user_id)
           select $1, o.id, o.owner_user_id from organizations o
           join users u on u.id = o.owner_user_id where u.issuer = 'storm' returning id, organization_id`,
          [callId],
        )
      ).rows;
      const submissionOf = new Map(rows.map((r) => [r.organization_id, r.id]));
      const answers = people.map((p) => ({
        submission: submissionOf.get(p.org_id),
        text: JSON.stringify({ answer: `Progetto ${p.n}: ${'un centro diurno per il quartiere '.repeat(8)}` }),
        survey: JSON.stringify(sizes.withSurvey ? deadlineSurveyAnswer(p.n) : { answer: `Entrate ${p.n} euro` }),
      }));
      await c.query(
        `insert into step_results (call_submission_id, step_id, content)
         select a.submission, $1::uuid, a.text from json_to_recordset($3::json) a(submission uuid, text text, survey text)
         union all
         select a.submission, $2::uuid, a.survey from json_to_recordset($3::json) a(submission uuid, text text, survey text)`,
        [textStep, surveyStep, JSON.stringify(answers)],
      );
      drafts.push(
        await Promise.all(
          people.map(async (p) => ({
            submissionId: submissionOf.get(p.org_id) ?? '',
            organizationId: p.org_id,
            userId: p.user_id,
            email: p.email,
            token: await tokens.sign({ userId: p.user_id, email: p.email, roles: [], sessionId: p.family }),
          })),
        ),
      );
    }
    await c.query('commit');
    await c.query('analyze');
    return { callIds, drafts };
  } finally {
    await c.end();
  }
}
