/*
 * Submit's SQL, as text prepared once per connection: reading what the check needs is one
 * statement, and the closing transaction is two (the lock, then everything else), where the
 * query builder made nineteen round trips (docs/decisions/0026-closing-in-parallel-and-cheap.md).
 */

import type { TCallTranslations, TMemberRole, TStep } from '@impact/domain';
import { recipientLanguageSql } from '../email/recipient-language';
import { reportOfClosedGrantLockingSql, reportOfClosedGrantSql } from '../submission-core/approved-report';
import { deliveriesInsert } from '../webhooks/record';

/**
 * What the check and the record need, read outside any transaction: $1 submission, $2 the caller.
 * The call's steps are read here too, afresh at each Submit (an admin's change counts from its
 * commit), in the shape `toStep` gives a row (calls/step-row.ts; a test compares the two).
 */
export const LOAD_FOR_CLOSE = {
  name: 'close_load',
  text: `
    select s.closed, s.number, s.created_at, s.call_id, s.organization_id, s.stage, s.stage_closing_at, s.stage_closed_at,
      (select json_build_object('id', cr.id, 'stepIds', cr.step_ids, 'dueAt', cr.due_at)
              from submission_change_requests cr
              where cr.call_submission_id = s.id and cr.answered_at is null and cr.withdrawn_at is null
              order by cr.created_at desc limit 1) as change_request,
      c.name as call_name, c.translations as call_translations, c.call_type_id, c.closing_at, c.is_user_filter_enable, c.user_filter_email,
      exists (select 1 from grant_reports gr where gr.submission_id = s.id) as is_report,
      ${reportOfClosedGrantSql('s.id')} as report_of_closed_grant,
      (select m.role from organization_members m
              where m.organization_id = s.organization_id and m.user_id = $2::uuid) as member_role,
      o.name as org_name, o.reg_number, o.street_name, o.city_name, o.country,
      o.contact_name, o.contact_surname, o.contact_role, o.contact_email,
      ${recipientLanguageSql('o.contact_email')} as contact_language,
      u.first_name, u.last_name, u.email as user_email,
      coalesce((select json_agg(json_build_array(r.step_id, r.content, r.version))
                from step_results r where r.call_submission_id = s.id), '[]') as results,
      coalesce((select json_agg(json_build_object(
                  'id', st.id, 'name', st.name, 'description', st.description, 'content', st.content,
                  'sort', st.sort, 'stepTypeId', st.step_type_id, 'stepType', json_build_object('name', t.name),
                  'expectedAnswers', st.expected_answers, 'subSteps', st.sub_steps, 'translations', st.translations,
                  'stage', case when st.stage = 2 then 2 else 1 end)
                  order by st.sort)
                from steps st join step_types t on t.id = st.step_type_id
                where st.call_type_id = c.call_type_id), '[]') as steps
    from call_submissions s
    join calls c on c.id = s.call_id
    join organizations o on o.id = s.organization_id
    left join users u on u.id = $2::uuid
    where s.id = $1::uuid`,
};

export type OpenRequestForClose = { id: string; stepIds: string[]; dueAt: string };

export type LoadedForClose = {
  closed: boolean;
  /** The application's number and start, its reference's parts (`submissionReference`). */
  number: number;
  created_at: Date | string;
  /** A grant's report (decision 0044): its receipt speaks of a report. */
  is_report: boolean;
  /** The stage being submitted (decision 0034): 1, or 2 once invited, with its own deadline and closing. */
  stage: number;
  stage_closing_at: Date | string | null;
  stage_closed_at: Date | string | null;
  call_id: string;
  /**
   * The latest request for changes neither answered nor withdrawn (decision 0039); its due date
   * is judged by the caller at the moment Submit was pressed.
   */
  change_request: OpenRequestForClose | string | null;
  organization_id: string;
  call_name: string;
  call_translations: TCallTranslations;
  call_type_id: string;
  closing_at: Date | string;
  is_user_filter_enable: boolean;
  user_filter_email: string;
  /** The caller's role in the submission's organization; null when not a member. */
  member_role: TMemberRole | null;
  /** A report of a closed grant: no longer sent (decision 0052). */
  report_of_closed_grant: boolean;
  org_name: string;
  reg_number: string;
  street_name: string;
  city_name: string;
  country: string;
  contact_name: string;
  contact_surname: string;
  contact_role: string;
  contact_email: string;
  /** The language the organization's contact reads mail in, when they saved one (recipient-language.ts). */
  contact_language: string | null;
  first_name: string | null;
  last_name: string | null;
  user_email: string | null;
  results: Array<[stepId: string, content: string, version: number]> | string;
  /** The call's steps as they are now (shaped as `toStep` shapes a row), in their order. */
  steps: TStep[] | string;
};

/**
 * The submission row locked for the closing (an autosave racing it waits, then finds it closed;
 * guarded-write.ts), with what says whether it may still close: $1 submission, $2 the caller. A
 * grant's report also shares its grant's row, so a close of the grant is waited for, not missed.
 */
export const LOCK_FOR_CLOSE = {
  name: 'close_lock',
  text: `
    select s.closed, s.stage, s.stage_closing_at, s.stage_closed_at, c.closing_at, c.is_user_filter_enable, c.user_filter_email,
      (select json_build_object('id', cr.id, 'stepIds', cr.step_ids, 'dueAt', cr.due_at)
              from submission_change_requests cr
              where cr.call_submission_id = s.id and cr.answered_at is null and cr.withdrawn_at is null
              order by cr.created_at desc limit 1) as change_request,
      (select m.role from organization_members m
              where m.organization_id = s.organization_id and m.user_id = $2::uuid) as member_role,
      ${reportOfClosedGrantLockingSql('s.id')} as report_of_closed_grant
    from call_submissions s
    join calls c on c.id = s.call_id
    where s.id = $1::uuid
    for update of s`,
};

export type LockedForClose = Pick<
  LoadedForClose,
  | 'closed'
  | 'stage'
  | 'stage_closing_at'
  | 'stage_closed_at'
  | 'change_request'
  | 'closing_at'
  | 'is_user_filter_enable'
  | 'user_filter_email'
  | 'member_role'
  | 'report_of_closed_grant'
>;

/**
 * The closing itself, after the lock, in one statement whose snapshot is taken after it: only if
 * the answers' versions are still those checked ($2: "step:version" in the steps' uuid order),
 * the answers kept in another form ($3), the submission closed, its record frozen ($7) and the
 * mails queued ($8): the receipts with the record's PDF attached ($9), a report's notices to the
 * grant's officers without it (they read it on the grant's page). Returns no row when an answer
 * changed meanwhile. $4 the moment, $5 the closer, $6 their e-mail, $10 the language, $11 the
 * stage submitted (stage 1 closes the submission, stage 2 its second stage: decision 0034), $12
 * the request for changes this Submit answers, or null (decision 0039: the submission stays
 * closed, its first closing moment kept, and the request is answered by the new record). $13–$16
 * the `submission.submitted` event (webhooks/record.ts: id, type, body, give-up moment), recorded
 * for its endpoints only if the submission closed; a null type records none (a grant's report
 * sends its own event).
 */
export const CLOSE = {
  name: 'close_write',
  text: `
    with unchanged as (
      select 1 where coalesce((
        select string_agg(r.step_id::text || ':' || r.version, ',' order by r.step_id)
        from step_results r where r.call_submission_id = $1::uuid), '') = $2::text
    ),
    rewritten as (
      update step_results r set content = w.content, score = w.score, version = r.version + 1, updated_at = $4::timestamptz
      from json_to_recordset($3::json) w(step_id uuid, content text, score double precision)
      where exists (select 1 from unchanged) and r.call_submission_id = $1 and r.step_id = w.step_id
      returning r.id
    ),
    closed as (
      update call_submissions set
        closed = true,
        closed_at = case when $11::int = 1 and not closed then $4::timestamptz else closed_at end,
        stage_closed_at = case when $11::int = 2 and stage_closed_at is null then $4::timestamptz else stage_closed_at end,
        updated_at = $4::timestamptz
      where id = $1 and stage = $11::int and exists (select 1 from unchanged)
      returning id
    ),
    record as (
      insert into submission_records (call_submission_id, closed_at, closed_by_user_id, closed_by_email, language, stage, data)
      select id, $4::timestamptz, $5::uuid, $6::text, $10::text, $11::int, $7::jsonb from closed
      returning id
    ),
    answered as (
      update submission_change_requests set answered_at = $4::timestamptz, answered_record_id = (select id from record)
      where id = $12::uuid and answered_at is null and withdrawn_at is null and exists (select 1 from closed)
    ),
    mails as (
      insert into email_outbox ("to", template, subject, text, html)
      select m."to", m.template, m.subject, m.text, m.html
      from json_to_recordset($8::json) m("to" text, template text, subject text, text text, html text)
      where exists (select 1 from closed)
      returning id, template
    ),
    attached as (
      insert into email_attachments (mail_id, file_name, content_type, submission_record_id)
      select mails.id, $9::text, 'application/pdf', record.id from mails, record
      where mails.template = 'submission-receipt'
    ),
    hooked as (
      ${deliveriesInsert({ eventId: '$13', type: '$14', payload: '$15', at: '$4', giveUp: '$16' }, ', closed')}
    )
    select id from closed`,
};
