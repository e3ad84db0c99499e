import {
  createSurveyAggregator,
  SURVEY_MODEL_STEP_TYPES,
  surveyQuestions,
  type TSurveyReport,
  type TSurveyStepList,
} from '@impact/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { reportCall } from './call-row';
import { rows } from './sql-rows';

const PAGE = 1000;
// Survey and quiz steps alike: a quiz is a survey with an answer key, charted the same way.
const SURVEY_MODEL_TYPES = sql.join(
  SURVEY_MODEL_STEP_TYPES.map((name) => sql`${name.toLowerCase()}`),
  sql`, `,
);

/** SPEC 2 report-list: the survey and quiz steps of a call's type, in order (empty: "no-survey-call"). */
export async function surveySteps(db: Db, callId: string): Promise<TSurveyStepList> {
  const call = await reportCall(db, callId);
  const steps = await rows<{ stepId: string; name: string; sort: number }>(
    db,
    sql`select s.id as "stepId", s.name, s.sort from steps s join step_types st on st.id = s.step_type_id
        where s.call_type_id = ${call.callTypeId} and lower(st.name) in (${SURVEY_MODEL_TYPES}) order by s.sort`,
  );
  return { callId: call.id, callName: call.name, steps };
}

/**
 * SPEC 2 report/{callId}/{stepId}: every question's figures from the answers of the call's closed
 * submissions (open ones too on request). Answers are read a page at a time (keyset on the
 * step_results_step index) and folded into the aggregator, so memory stays flat at any size.
 */
export async function surveyReport(
  db: Db,
  log: FastifyBaseLogger,
  input: { callId: string; stepId: string; includeOpen: boolean },
): Promise<TSurveyReport> {
  const call = await reportCall(db, input.callId);
  const [step] = await rows<{ id: string; name: string; content: string }>(
    db,
    sql`select s.id, s.name, s.content from steps s join step_types st on st.id = s.step_type_id
        where s.id = ${input.stepId} and s.call_type_id = ${call.callTypeId} and lower(st.name) in (${SURVEY_MODEL_TYPES})`,
  );
  if (!step) throw notFound('errors.reports.stepNotFound');
  const base = {
    callId: call.id,
    callName: call.name,
    stepId: step.id,
    stepName: step.name,
    includeOpen: input.includeOpen,
  };
  const questions = surveyQuestions(step.content);
  if (!questions) {
    // SPEC 8: an invalid survey model is only logged.
    log.warn({ stepId: step.id }, 'survey step content is not a SurveyJS model');
    return { ...base, validModel: false, submissions: 0, questions: [] };
  }
  const aggregator = createSurveyAggregator(questions);
  let after: string | null = null;
  for (;;) {
    const page: Array<{ id: string; content: string; organizationName: string }> = await rows(
      db,
      sql`select sr.id, sr.content, o.name as "organizationName"
          from step_results sr
          join call_submissions cs on cs.id = sr.call_submission_id
          join organizations o on o.id = cs.organization_id
          where sr.step_id = ${step.id} and cs.call_id = ${call.id}
            ${input.includeOpen ? sql`` : sql`and cs.closed`}
            ${after ? sql`and sr.id > ${after}` : sql``}
          order by sr.id limit ${PAGE}`,
    );
    for (const row of page) {
      let data: unknown;
      try {
        data = JSON.parse(row.content);
      } catch {
        continue;
      }
      aggregator.add(row.organizationName, data);
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]?.id ?? null;
  }
  return { ...base, validModel: true, ...aggregator.result() };
}
