import {
  emailAllowedByFilter,
  IMPACT_ERRORS,
  PDF_FILE_NAME,
  roleAllows,
  STEP_TYPES,
  stepsUpToStage,
  submissionReference,
  type TConfig,
  type TFieldError,
  type TLanguage,
  type TStep,
} from '@impact/domain';
import { type Database, type Db, executeText, textTransaction } from '../../db/client';
import { AppError, forbidden, invalid, notFound } from '../../lib/app-error';
import { BoundedQueue } from '../../lib/bounded-queue';
import { InFlightLimit } from '../../lib/in-flight-limit';
import { cleanHeader } from '../../lib/mail-headers';
import type { SessionUser } from '../../plugins/authentication';
import { languageOr } from '../email/recipient-language';
import { reportSentNotices } from '../grants/grant-officers';
import { markReportSubmitted } from '../grants/reports';
import { exportDataFrom } from '../pdf/export-data';
import { receiptMails } from '../pdf/receipt-mail';
import { serverStepTypeOf } from '../step-types';
import { isStageSubmitted } from '../submission-core/access';
import { assertStepWritable } from '../submission-core/writes';
import { webhookEvent } from '../webhooks/record';
import {
  CLOSE,
  LOAD_FOR_CLOSE,
  LOCK_FOR_CLOSE,
  type LoadedForClose,
  type LockedForClose,
  type OpenRequestForClose,
} from './close-statements';

/** What Submit needs of the app: its database, branding and queue. */
export type Closing = {
  db: Db;
  branding: () => Promise<Pick<TConfig, 'logoBase64' | 'logoWidth' | 'logoHeight'>>;
  queue: BoundedQueue;
  /** One Submit at a time per person: a second press while the first is checked only queues ahead of others. */
  perPerson: InFlightLimit;
  /** Where the mails' links point (a report's notice to the funder links to its grant). */
  publicUrl: string;
};

/** Submits waiting their turn, at most; past it a 503 with Retry-After (decision 0026). */
export const CLOSE_QUEUE_MAX_WAITING = 2_000;

/**
 * Submits run as many at a time as the pool has connections (each uses one at a time), so a
 * burst waits in this queue instead of timing out in the pool's; the embedded database has one.
 */
export function closingFor(database: Database, parts: Pick<Closing, 'branding' | 'publicUrl'>): Closing {
  const concurrency = database.raw.kind === 'postgres' ? (database.raw.pool.options.max ?? 10) : 1;
  return {
    ...parts,
    db: database.db,
    queue: new BoundedQueue(concurrency, CLOSE_QUEUE_MAX_WAITING, {
      messageKey: 'errors.limits.workBusy',
      retryAfterSeconds: 5,
    }),
    perPerson: new InFlightLimit(1),
  };
}

/**
 * What blocks submitting, step by step (each step type says what its answer still lacks), and the
 * answers to keep in another form once closed (a survey's, without what the applicant no longer
 * sees), with the score of what is kept.
 */
export async function closingCheck(
  db: Db,
  steps: TStep[],
  answers: Map<string, string>,
  language?: TLanguage,
  of?: { submissionId: string },
) {
  const problems: TFieldError[] = [];
  const rewrites: Array<{ step_id: string; content: string; score: number | null }> = [];
  for (const step of steps) {
    const type = serverStepTypeOf(step);
    const answer = answers.get(step.id);
    if (!type.closing) {
      problems.push(...(await type.missing(db, step, answer, language, of)));
      continue;
    }
    const checked = await type.closing(db, step, answer, language);
    problems.push(...checked.problems);
    if (checked.content !== undefined) {
      // Stored through the type's own write, so a quiz's score is that of what is kept.
      const kept = await type.write(db, step, checked.content);
      rewrites.push({ step_id: step.id, content: kept.content, score: kept.score });
    }
  }
  return { problems, rewrites };
}

/**
 * The impact step takes its investment from the call's first budget step (budget-link.ts), so a
 * request that reopens that budget alone can bring the whole cost under the amount the frozen
 * impact answer says is already spent. Those impact steps are judged on that shared rule only: the
 * rest of their answer is as it was submitted, and the applicant mends it in the budget they may
 * write (or asks the funder to reopen the impact step too).
 */
async function spentOverReopenedBudget(db: Db, steps: TStep[], toCheck: TStep[], answers: Map<string, string>) {
  const isType = (name: string) => (step: TStep) => step.stepType?.name === name;
  const feedingBudget = steps.filter(isType(STEP_TYPES.budget.name)).sort((a, b) => a.sort - b.sort)[0];
  if (!feedingBudget || !toCheck.includes(feedingBudget)) return [];
  const frozenImpact = steps.filter((step) => isType(STEP_TYPES.miniDyi.name)(step) && !toCheck.includes(step));
  const problems: TFieldError[] = [];
  for (const step of frozenImpact) {
    const missing = await serverStepTypeOf(step).missing(db, step, answers.get(step.id));
    problems.push(...missing.filter((p) => p.messageKey === IMPACT_ERRORS.spentOverBudget));
  }
  return problems;
}

/** Answers that change while they are being checked send the check round again, this many times at most. */
const MAX_CHECK_ROUNDS = 3;

/** PGlite hands json columns over as text, node-postgres parsed. */
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Members who may write (owners, editors) only, while the call's e-mail filter still lets them in;
 * a viewer 403, anyone else 404 (as `loadSubmissionFor`).
 */
function assertMayClose(
  row: LockedForClose,
  user: SessionUser,
  now: Date,
): { request: OpenRequestForClose | null; wholeStage: boolean } {
  const filter = { isUserFilterEnable: row.is_user_filter_enable, userFilterEmail: row.user_filter_email };
  if (!row.member_role || !emailAllowedByFilter(filter, user.email)) throw notFound('errors.submissions.notFound');
  if (!roleAllows(row.member_role, 'write')) throw forbidden('errors.organizations.roleTooLow');
  // Its form's call stays open: the grant's closing is what stops a report (decision 0052).
  if (row.report_of_closed_grant) throw new AppError('closed', { messageKey: 'errors.grantReports.closedForReports' });
  const stage = row.stage === 2 ? 2 : 1;
  const open = row.change_request === null ? null : fromJson(row.change_request);
  const request = open && now.getTime() <= asDate(open.dueAt).getTime() ? open : null;
  // Submit again answers an open request for changes (decision 0039) until its due date, checking
  // only the steps it reopened, when the stage itself is submitted. Past its due date the request
  // reopens nothing and Submit is refused as for any closed submission.
  if (request && isStageSubmitted({ stage, closed: row.closed, stageClosedAt: row.stage_closed_at }))
    return { request, wholeStage: false };
  // The stage being submitted is writable: stage 1 until the call closes, stage 2 until its deadline.
  // A stage reopened whole (or a second stage begun) while a request is open is checked whole, and
  // its Submit answers the request too.
  assertStepWritable(
    {
      closed: row.closed,
      stage,
      stageClosingAt: row.stage_closing_at === null ? null : asDate(row.stage_closing_at),
      stageClosedAt: row.stage_closed_at === null ? null : asDate(row.stage_closed_at),
    },
    { closingAt: asDate(row.closing_at) },
    { stage },
    now,
  );
  return { request, wholeStage: true };
}

/**
 * POST Call/CloseCallSubmission: all-or-nothing; a closed submission is read-only until reopened.
 * The answers are checked first, outside any transaction (a survey's on a thread: no connection
 * waits idle in a transaction meanwhile); then one short transaction locks the submission and,
 * only if no answer changed since (their versions), closes it, freezes what was submitted (the
 * PDF's record) and queues the receipt mail. `now` is when the applicant pressed Submit: the
 * deadline is judged at that moment, however long the check and the queue take.
 */
export function closeSubmission(
  closing: Closing,
  user: SessionUser,
  submissionId: string,
  now: Date,
  language: TLanguage,
) {
  return closing.perPerson.run(
    user.id,
    () => closing.queue.run(() => closeChecked(closing, user, submissionId, now, language)),
    () => {
      throw new AppError('rateLimited', { messageKey: 'errors.submissions.alreadySubmitting', retryAfterSeconds: 2 });
    },
  );
}

async function closeChecked(
  { db, branding, publicUrl }: Closing,
  user: SessionUser,
  submissionId: string,
  now: Date,
  language: TLanguage,
) {
  for (let round = 1; round <= MAX_CHECK_ROUNDS; round++) {
    const [loaded] = await executeText<LoadedForClose>(db, LOAD_FOR_CLOSE.name, LOAD_FOR_CLOSE.text, [
      submissionId,
      user.id,
    ]);
    if (!loaded) throw notFound('errors.submissions.notFound');
    const { request, wholeStage } = assertMayClose(loaded, user, now);
    const results = fromJson(loaded.results);
    const answers = new Map<string, string>(results.map(([stepId, content]) => [stepId, content]));
    // Read afresh, not from the autosave's step cache: Submit judges and freezes the call as it is
    // now, so an admin's change of a step (on any instance) counts from the moment it commits.
    const callSteps = fromJson(loaded.steps);
    // Stage by stage (decision 0034): Submit checks the steps of the stage being submitted (the
    // earlier stage's were checked and frozen when it closed), and the record keeps every step
    // reached, stage 1's answers carried forward into stage 2's record.
    const stage = loaded.stage === 2 ? 2 : 1;
    const steps = stepsUpToStage(callSteps, stage);
    // Answering a request for changes checks the steps it reopened (the others are as frozen);
    // a stage open whole is checked whole, the request's steps with it.
    const toCheck = wholeStage
      ? steps.filter((step) => step.stage === stage || request?.stepIds.includes(step.id))
      : steps.filter((step) => request?.stepIds.includes(step.id));
    const { problems, rewrites } = await closingCheck(db, toCheck, answers, language, { submissionId });
    if (problems.length) throw invalid(problems, 'errors.submissions.incomplete');
    const overspent = await spentOverReopenedBudget(db, steps, toCheck, answers);
    if (overspent.length) throw invalid(overspent, 'errors.budget.belowSpent');
    for (const { step_id, content } of rewrites) answers.set(step_id, content);
    const data = exportDataFrom({
      call: { name: loaded.call_name, translations: loaded.call_translations },
      submissionId,
      reference: submissionReference(loaded.number, loaded.created_at),
      organization: {
        name: loaded.org_name,
        regNumber: loaded.reg_number,
        streetName: loaded.street_name,
        cityName: loaded.city_name,
        country: loaded.country,
        contactName: loaded.contact_name,
        contactSurname: loaded.contact_surname,
        contactRole: loaded.contact_role,
        contactEmail: loaded.contact_email,
      },
      submitter: loaded.user_email
        ? { firstName: loaded.first_name ?? '', lastName: loaded.last_name ?? '', email: loaded.user_email }
        : null,
      steps,
      answers,
      logo: await branding(),
      submittedAt: now,
      report: loaded.is_report,
    });
    // The organization's contact reads the receipt in their own language (when they saved one);
    // a contact who submitted gets one receipt, in the submitter's (receiptMails).
    const mails: Array<{ to: string; template: string; subject: string; text: string; html: string }> = receiptMails(
      { data, closedAt: now, stage, report: loaded.is_report },
      user.email,
      language,
      languageOr(loaded.contact_language, language),
    ).map((mail) => ({
      ...mail,
      to: cleanHeader(mail.to),
      subject: cleanHeader(mail.subject),
    }));
    // A grant's report: its officers hear it was sent (the receipts alone carry its PDF).
    if (loaded.is_report) mails.push(...(await reportSentNotices(db, submissionId, publicUrl)));
    // In the order the database sorts uuids (byte order, as their lower-case text sorts).
    const checked = results
      .map(([stepId, , version]) => `${stepId}:${version}`)
      .sort()
      .join(',');
    // A grant's report sends `report.submitted` instead (decision 0044), once it is marked sent;
    // stage 1's Submit of a two-stage call is a submission too: receivers tell them apart by `stage`.
    // (Whether it is a report was read with the submission: a report's link is made with it.)
    const event = loaded.is_report
      ? null
      : webhookEvent(
          'submission.submitted',
          {
            submissionId,
            callId: loaded.call_id,
            organizationId: loaded.organization_id,
            stage,
            callName: loaded.call_name,
            organizationName: loaded.org_name,
            submittedAt: now.toISOString(),
          },
          now,
        );
    // Everything the closing statement is given is made before its transaction opens: the
    // submission's row stays locked only for the two statements.
    const values = [
      submissionId,
      checked,
      JSON.stringify(rewrites),
      now.toISOString(),
      user.id,
      user.email,
      JSON.stringify(data),
      JSON.stringify(mails),
      PDF_FILE_NAME,
      language,
      stage,
      request?.id ?? null,
      event?.eventId ?? null,
      event?.type ?? null,
      event?.payload ?? null,
      event?.giveUp ?? null,
    ];
    const closed = await textTransaction(db, async (query, commitWith) => {
      const [locked] = await query<LockedForClose>(LOCK_FOR_CLOSE.name, LOCK_FOR_CLOSE.text, [submissionId, user.id]);
      if (!locked) throw notFound('errors.submissions.notFound');
      const again = assertMayClose(locked, user, now);
      // A request withdrawn or answered, or the stage reopened, since the check: judged again from the start.
      if ((again.request?.id ?? null) !== (request?.id ?? null) || again.wholeStage !== wholeStage) return false;
      // A report is marked sent in the same transaction, after the closing; a submission commits with it.
      if (!loaded.is_report) return (await commitWith<{ id: string }>(CLOSE.name, CLOSE.text, values)).length > 0;
      const written = await query<{ id: string }>(CLOSE.name, CLOSE.text, values);
      if (!written.length) return false;
      await markReportSubmitted(query, submissionId, now);
      return true;
    });
    if (closed) return { id: submissionId, closed: true };
  }
  throw new AppError('staleVersion', { messageKey: 'errors.submissions.staleVersion' });
}
