import {
  createSurveyAggregator,
  nameIn,
  type TLanguage,
  type TStepTranslations,
  type TSurveyReport,
  type TSurveyStepList,
} from '@impact/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rows } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { reportedStepTypeNames, serverStepType } from '../step-types';
import { reportCall } from './call-row';

const PAGE = 1000;
/** The types the report charts (those whose server module has a `report`: survey and quiz today). */
const reportedTypes = () =>
  sql.join(
    reportedStepTypeNames().map((name) => sql`${name}`),
    sql`, `,
  );

/** SPEC 2 report-list: the charted steps (survey, quiz) of a call's type, in order (empty: "no-survey-call"). */
export async function surveySteps(db: Db, callId: string, language: TLanguage): Promise<TSurveyStepList> {
  const call = await reportCall(db, callId);
  const found = await rows<{ stepId: string; name: string; sort: number; translations: TStepTranslations | null }>(
    db,
    sql`select s.id as "stepId", s.name, s.sort, s.translations from steps s join step_types st on st.id = s.step_type_id
        where s.call_type_id = ${call.callTypeId} and st.name in (${reportedTypes()}) order by s.sort`,
  );
  const steps = found.map(({ translations, ...step }) => ({
    ...step,
    name: nameIn({ ...step, translations }, language),
  }));
  return { callId: call.id, callName: nameIn(call, language), steps };
}

/**
 * SPEC 2 report/{callId}/{stepId}: every question's figures from the answers of the call's closed
 * submissions (open ones too on request). Answers are read a page at a time (keyset on the
 * step_results_step index) and folded into the aggregator, so memory stays flat at any size.
 */
export async function surveyReport(
  db: Db,
  log: FastifyBaseLogger,
  input: { callId: string; stepId: string; includeOpen: boolean; language: TLanguage },
): Promise<TSurveyReport> {
  const call = await reportCall(db, input.callId);
  const [step] = await rows<{
    id: string;
    name: string;
    content: string;
    stepType: string;
    translations: TStepTranslations | null;
  }>(
    db,
    sql`select s.id, s.name, s.content, st.name as "stepType", s.translations from steps s join step_types st on st.id = s.step_type_id
        where s.id = ${input.stepId} and s.call_type_id = ${call.callTypeId} and st.name in (${reportedTypes()})`,
  );
  const report = step && serverStepType(step.stepType).report;
  if (!step || !report) throw notFound('errors.reports.stepNotFound');
  const base = {
    callId: call.id,
    callName: nameIn(call, input.language),
    stepId: step.id,
    stepName: nameIn(step, input.language),
    includeOpen: input.includeOpen,
  };
  const questions = report.questions(step.content);
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
      aggregator.add(row.organizationName, report.data ? report.data(data) : data);
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]?.id ?? null;
  }
  return { ...base, validModel: true, ...aggregator.result() };
}
