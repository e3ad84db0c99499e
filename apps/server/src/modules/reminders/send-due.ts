import {
  DEFAULT_REMINDER_HOURS,
  emailAllowedByFilter,
  stepsUpToStage,
  type TCallTranslations,
  type TStep,
  textsIn,
  translatedOr,
} from '@impact/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import { organizationMembers, reminderSends, reminderUnsubscribes, users } from '../../db/schema';
import { distinctAddresses } from '../../lib/mail-addresses';
import { stepsOfCallTypes } from '../calls/call-types';
import { languageOf } from '../organizations/member-mails';
import { serverStepTypeOf } from '../step-types';
import { queueReminderMail } from './reminder-mail';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What the job needs to write links: the site's address and the unsubscribe links' key. */
export type ReminderLinks = { publicUrl: string; unsubscribeKey: string };

type OpenCall = {
  id: string;
  name: string;
  translations: TCallTranslations;
  call_type_id: string;
  closing_at: Date | string;
  is_user_filter_enable: boolean;
  user_filter_email: string;
  hours: number[] | null;
  nudge_after_days: number | null;
};

type Log = { error(obj: object, msg: string): void };

/** One mailing: the application, the stage it is in (decision 0034) and the deadline it counts from. */
type Mailing = { submissionId: string; kind: 'reminder' | 'nudge'; hours: number; stage: 1 | 2; deadline: Date };

/**
 * One run of the reminders job (every instance runs it; docs/decisions/0036-reminders-and-nudges.md):
 * for each open, published call, the reminder whose moment has come (the latest one due: a call
 * configured late sends one reminder, not every one it missed) goes to each application started and
 * not submitted that has not had it or a later one; the nudge goes once to each such application
 * untouched for the call's `nudgeAfterDays`. Each mailing is claimed by inserting its row in
 * `reminder_sends` (unique per application, kind and moment) in the transaction that queues its
 * mails: another instance running at the same moment inserts nothing and queues nothing.
 * Returns the number of mailings made.
 */
export async function sendDueReminders(
  db: Db,
  links: ReminderLinks,
  now = new Date(),
  log: Log = { error: () => {} },
): Promise<number> {
  const open = await rows<OpenCall>(
    db,
    sql`select c.id, c.name, c.translations, c.call_type_id, c.closing_at, c.is_user_filter_enable,
               c.user_filter_email, r.hours_before_closing as hours, r.nudge_after_days
        from calls c left join call_reminders r on r.call_id = c.id
        where not c.draft and c.opening_at <= ${now.toISOString()}::timestamptz
          and c.closing_at > ${now.toISOString()}::timestamptz
        order by c.closing_at, c.id`,
  );
  let made = 0;
  for (const call of open) {
    const closingAt = new Date(call.closing_at);
    const mailings = [
      ...(await dueReminders(db, call, closingAt, now)),
      ...(await dueNudges(db, call, closingAt, now)),
    ];
    made += await sendAll(db, links, call, mailings, log);
  }
  // The second stage of two-stage calls: each invited application counts from its own deadline.
  for (const { call, mailings } of await dueInStageTwo(db, now)) made += await sendAll(db, links, call, mailings, log);
  return made;
}

async function sendAll(db: Db, links: ReminderLinks, call: OpenCall, mailings: Mailing[], log: Log) {
  if (!mailings.length) return 0;
  const steps = (await stepsOfCallTypes(db, [call.call_type_id])).get(call.call_type_id) ?? [];
  let made = 0;
  for (const mailing of mailings) {
    // One mailing that fails (a survey check refused, the application deleted meanwhile) is
    // logged and tried again at the next run; the others still go.
    try {
      if (await sendOne(db, links, { ...call, steps }, mailing)) made += 1;
    } catch (err) {
      log.error({ err, callId: call.id, submissionId: mailing.submissionId }, 'reminder not sent');
    }
  }
  return made;
}

/**
 * Applications invited to a second stage not yet submitted, each with its own deadline: the
 * reminder due for it (the latest moment passed since the invitation, not yet sent for that
 * deadline) and its nudge (once per deadline), by the call's settings.
 */
async function dueInStageTwo(db: Db, now: Date) {
  const open = await rows<
    OpenCall & {
      submission_id: string;
      stage_closing_at: Date | string;
      stage_invited_at: Date | string | null;
      last_activity: Date | string;
      earliest_sent: number | null;
      nudged: boolean;
    }
  >(
    db,
    sql`select c.id, c.name, c.translations, c.call_type_id, c.closing_at, c.is_user_filter_enable,
               c.user_filter_email, r.hours_before_closing as hours, r.nudge_after_days,
               s.id as submission_id, s.stage_closing_at, s.stage_invited_at,
               greatest(s.updated_at, coalesce((select max(a.updated_at) from step_results a
                                                where a.call_submission_id = s.id), s.updated_at)) as last_activity,
               (select min(x.hours) from reminder_sends x where x.call_submission_id = s.id
                  and x.kind = 'reminder' and x.closing_at = s.stage_closing_at) as earliest_sent,
               exists (select 1 from reminder_sends x where x.call_submission_id = s.id
                  and x.kind = 'nudge' and x.closing_at = s.stage_closing_at) as nudged
        from call_submissions s join calls c on c.id = s.call_id left join call_reminders r on r.call_id = c.id
        where not c.draft and s.stage = 2 and s.stage_closed_at is null
          and s.stage_closing_at > ${now.toISOString()}::timestamptz
        order by s.stage_closing_at, s.id`,
  );
  const byCall = new Map<string, { call: OpenCall; mailings: Mailing[] }>();
  for (const row of open) {
    const deadline = new Date(row.stage_closing_at);
    const invited = row.stage_invited_at ? new Date(row.stage_invited_at) : deadline;
    const mailings: Mailing[] = [];
    const due = (row.hours ?? [...DEFAULT_REMINDER_HOURS]).filter(
      (h) => deadline.getTime() - h * HOUR_MS <= now.getTime(),
    );
    if (due.length) {
      const latest = Math.min(...due);
      const moment = deadline.getTime() - latest * HOUR_MS;
      const alreadySent = row.earliest_sent !== null && row.earliest_sent <= latest;
      if (invited.getTime() <= moment && !alreadySent) {
        mailings.push({ submissionId: row.submission_id, kind: 'reminder', hours: latest, stage: 2, deadline });
      }
    }
    const quietSince = now.getTime() - (row.nudge_after_days ?? 0) * DAY_MS;
    if (row.nudge_after_days && !row.nudged && new Date(row.last_activity).getTime() < quietSince) {
      mailings.push({ submissionId: row.submission_id, kind: 'nudge', hours: 0, stage: 2, deadline });
    }
    if (!mailings.length) continue;
    const entry = byCall.get(row.id) ?? { call: row, mailings: [] };
    entry.mailings.push(...mailings);
    byCall.set(row.id, entry);
  }
  return [...byCall.values()];
}

async function dueReminders(db: Db, call: OpenCall, closingAt: Date, now: Date): Promise<Mailing[]> {
  const hours = call.hours ?? [...DEFAULT_REMINDER_HOURS];
  const due = hours.filter((h) => closingAt.getTime() - h * HOUR_MS <= now.getTime());
  if (!due.length) return [];
  const latest = Math.min(...due);
  const moment = new Date(closingAt.getTime() - latest * HOUR_MS).toISOString();
  // Applications started before the moment (one started later has just been opened: it gets the
  // next reminder), without this one or a later one for the same closing.
  const started = await rows<{ id: string }>(
    db,
    sql`select s.id from call_submissions s
        where s.call_id = ${call.id} and not s.closed and s.created_at <= ${moment}::timestamptz
          and not exists (select 1 from reminder_sends x
                          where x.call_submission_id = s.id and x.kind = 'reminder' and x.hours <= ${latest}
                            and x.closing_at = ${closingAt.toISOString()}::timestamptz)`,
  );
  return started.map((s) => ({ submissionId: s.id, kind: 'reminder', hours: latest, stage: 1, deadline: closingAt }));
}

async function dueNudges(db: Db, call: OpenCall, closingAt: Date, now: Date): Promise<Mailing[]> {
  if (!call.nudge_after_days) return [];
  const quietSince = new Date(now.getTime() - call.nudge_after_days * DAY_MS).toISOString();
  const quiet = await rows<{ id: string }>(
    db,
    sql`select s.id from call_submissions s
        where s.call_id = ${call.id} and not s.closed
          and greatest(s.updated_at, coalesce((select max(r.updated_at) from step_results r
                                               where r.call_submission_id = s.id), s.updated_at))
              < ${quietSince}::timestamptz
          and not exists (select 1 from reminder_sends x where x.call_submission_id = s.id and x.kind = 'nudge')`,
  );
  return quiet.map((s) => ({ submissionId: s.id, kind: 'nudge', hours: 0, stage: 1, deadline: closingAt }));
}

/** Claims the mailing and queues its mails in one transaction; false when another run had it. */
async function sendOne(
  db: Db,
  links: ReminderLinks,
  call: OpenCall & { steps: TStep[] },
  mailing: Mailing,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(reminderSends)
      .values({
        callId: call.id,
        callSubmissionId: mailing.submissionId,
        kind: mailing.kind,
        hours: mailing.hours,
        closingAt: mailing.deadline,
      })
      .onConflictDoNothing()
      .returning({ id: reminderSends.id });
    if (!claimed) return false;
    const [submission] = await rows<{ organization_id: string; org_name: string; contact_email: string }>(
      tx,
      sql`select s.organization_id, o.name as org_name, o.contact_email
          from call_submissions s join organizations o on o.id = s.organization_id
          where s.id = ${mailing.submissionId}
            and case when ${mailing.stage}::int = 2 then s.stage = 2 and s.stage_closed_at is null else not s.closed end
          for update of s`,
    );
    // Submitted meanwhile: nothing to remind (the claim stays, so it is not tried again).
    if (!submission) return true;
    const recipients = await recipientsOf(tx, call, submission.organization_id, submission.contact_email);
    const missing = await incompleteSteps(tx, call.steps, mailing.stage, mailing.submissionId);
    for (const to of recipients) {
      const language = await languageOf(tx, to);
      await queueReminderMail(tx, {
        to,
        language,
        kind: mailing.kind,
        call: translatedOr(textsIn(call.translations, language)?.name, call.name),
        callId: call.id,
        closingAt: mailing.deadline,
        organization: submission.org_name,
        missingSteps: missing.map(({ step }) => translatedOr(textsIn(step.translations, language)?.name, step.name)),
        link: `${links.publicUrl}/call/${mailing.submissionId}/${missing[0]?.index ?? 0}/0`,
        links,
      });
    }
    await tx.update(reminderSends).set({ recipients }).where(eq(reminderSends.id, claimed.id));
    return true;
  });
}

/**
 * The organization's contact and its members who may write (and whom the call's e-mail filter
 * lets in), each address once, without those who unsubscribed from this call's reminders, nor an
 * erased contact's pseudonym (no address at all).
 */
async function recipientsOf(tx: Tx, call: OpenCall, organizationId: string, contactEmail: string) {
  const callId = call.id;
  const filter = { isUserFilterEnable: call.is_user_filter_enable, userFilterEmail: call.user_filter_email };
  const writers = await tx
    .select({ email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        inArray(organizationMembers.role, ['owner', 'editor']),
      ),
    );
  const members = writers.map((w) => w.email).filter((email) => emailAllowedByFilter(filter, email));
  const byLower = distinctAddresses([contactEmail, ...members]);
  if (!byLower.size) return [];
  const stopped = await tx
    .select({ email: reminderUnsubscribes.email })
    .from(reminderUnsubscribes)
    .where(and(eq(reminderUnsubscribes.callId, callId), inArray(reminderUnsubscribes.email, [...byLower.keys()])));
  for (const { email } of stopped) byLower.delete(email);
  return [...byLower.values()];
}

/**
 * The steps of the application's stage whose answer still keeps it from being submitted, each with
 * its place in the wizard, which shows the steps up to that stage (a second stage's are not named
 * before the invitation).
 */
async function incompleteSteps(tx: Tx, callSteps: TStep[], stage: 1 | 2, submissionId: string) {
  const steps = stepsUpToStage(callSteps, stage);
  const answers = new Map(
    (
      await rows<{ step_id: string; content: string }>(
        tx,
        sql`select step_id, content from step_results where call_submission_id = ${submissionId}`,
      )
    ).map((r) => [r.step_id, r.content]),
  );
  const out: Array<{ step: TStep; index: number }> = [];
  for (const [index, step] of steps.entries()) {
    if (step.stage !== stage) continue;
    const problems = await serverStepTypeOf(step).missing(tx, step, answers.get(step.id), undefined, { submissionId });
    if (problems.length) out.push({ step, index });
  }
  return out;
}
