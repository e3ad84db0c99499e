import type { TStepAuthor } from '@impact/domain';
import { sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../../db/client';
import { reportOfClosedGrantSql } from '../submission-core/approved-report';
import { authorOf, type StepResultRow } from '../submission-core/step-authors';
import { keepVersionCtes } from '../submission-core/step-versions';

const CLOSED_GRANT_REPORT = sql.raw(reportOfClosedGrantSql('s.id'));

type RawRow = {
  id: string;
  call_submission_id: string;
  step_id: string;
  content: string;
  score: number | null;
  version: number;
  updated_at: Date | string;
  updated_by_user_id: string | null;
  first_name: string | null;
  last_name: string | null;
};

function toRow(raw: RawRow): StepResultRow {
  return {
    id: raw.id,
    callSubmissionId: raw.call_submission_id,
    stepId: raw.step_id,
    content: raw.content,
    score: raw.score === null ? null : Number(raw.score),
    version: Number(raw.version),
    updatedAt: raw.updated_at instanceof Date ? raw.updated_at : new Date(raw.updated_at),
    updatedByUserId: raw.updated_by_user_id,
  };
}

/**
 * The autosave's write in ONE statement (it was seven round trips:
 * docs/decisions/0012-autosave-in-one-statement.md). It stores the
 * answer only for an owner or editor of the submission's organization whom the call's e-mail
 * filter lets in, for a step of the call's call type and of the stage the submission is in, while that
 * stage is open and before its closing date, or for a step an open request for changes names
 * until its due date (docs/decisions/0039-request-changes.md), and only when the stored version is the one the writer started from (`basedOn`; null:
 * no check). The submission row is locked (`FOR UPDATE OF s`), so a write racing a close waits
 * for it and then sees it closed. The same statement keeps the step's history, with `user` as
 * its author (docs/decisions/0030), and reads the writer's name back (a primary-key join).
 * Returns the stored row, or null when any condition failed: the caller then reads why, which
 * costs a query only on the rare refusal.
 */
export async function writeAnswerIfWritable(
  db: Db,
  input: {
    submissionId: string;
    stepId: string;
    /** The call type the step belongs to: the submission's call must use it. */
    callTypeId: string;
    /** The writer: an owner or editor of the submission's organization, allowed by the call's e-mail filter. */
    user: { id: string; email: string };
    content: string;
    score: number | null;
    basedOn: number | null;
    /** A restore names the version it copies: it gets a history row of its own (docs/decisions/0030). */
    restoredFrom?: number | null;
  },
  now = new Date(),
): Promise<{ row: StepResultRow; author: TStepAuthor | null } | null> {
  const { submissionId, stepId, callTypeId, user, content, score, basedOn } = input;
  const restoredFrom = input.restoredFrom ?? null;
  // The deadline is judged by this server's clock, as everywhere else (not the database's).
  const at = now.toISOString();
  const rows = await executePrepared<RawRow>(
    db,
    'autosave_write',
    sql`
    with target as (
      select s.id from call_submissions s
      join calls c on c.id = s.call_id
      -- roleAllows(role, 'write') (packages/domain), in SQL: owners and editors write.
      join organization_members m on m.organization_id = s.organization_id and m.user_id = ${user.id}
        and m.role in ('owner', 'editor')
      -- The step's stage is the one the submission is in (decision 0034), read here, not from the
      -- step cache; stage 1 closes on the call's date, stage 2 on the invitation's deadline.
      join steps st on st.id = ${stepId} and st.call_type_id = c.call_type_id and st.stage <= s.stage
      where s.id = ${submissionId} and c.call_type_id = ${callTypeId}
        and ((st.stage = s.stage
              and case when s.stage = 1 then not s.closed and ${at}::timestamptz <= c.closing_at
                       else s.stage_closed_at is null and ${at}::timestamptz <= s.stage_closing_at end)
          -- Or an administrator's open request for changes names this step (decision 0039):
          -- neither answered nor withdrawn, and not past its due date.
          or exists (select 1 from submission_change_requests cr
                     where cr.call_submission_id = s.id and cr.answered_at is null and cr.withdrawn_at is null
                       and ${at}::timestamptz <= cr.due_at and st.id = any(cr.step_ids)))
        -- emailAllowedByFilter (packages/domain), in SQL: the listed addresses, trimmed, any case.
        and (not c.is_user_filter_enable or lower(trim(${user.email})) in (
          select lower(trim(a)) from unnest(string_to_array(c.user_filter_email, ',')) a))
        -- A report of a closed grant is no longer written (decision 0052: no more reports are asked
        -- for); its form's call stays open, so the call's date does not stop it.
        and not ${CLOSED_GRANT_REPORT}
      for update of s
    ),
    updated as (
      update step_results r
      set content = ${content}::text, score = ${score}::double precision, version = r.version + 1, updated_at = now(),
        updated_by_user_id = ${user.id}::uuid
      from target
      where r.call_submission_id = target.id and r.step_id = ${stepId}
        and (${basedOn}::int is null or r.version = ${basedOn}::int)
      returning r.id, r.call_submission_id, r.step_id, r.content, r.score, r.version, r.updated_at, r.updated_by_user_id
    ),
    inserted as (
      insert into step_results (call_submission_id, step_id, content, score, version, updated_by_user_id)
      select target.id, ${stepId}::uuid, ${content}::text, ${score}::double precision, 1, ${user.id}::uuid from target
      where coalesce(${basedOn}::int, 0) = 0 and not exists (select 1 from updated)
      on conflict (call_submission_id, step_id) do nothing
      returning id, call_submission_id, step_id, content, score, version, updated_at, updated_by_user_id
    ),
    written as (select * from updated union all select * from inserted),
    touched as (
      update call_submissions set updated_at = now()
      where id in (select call_submission_id from written)
    ),
    ${keepVersionCtes(user.id, restoredFrom)}
    select w.*, u.first_name, u.last_name
    from written w
    left join users u on u.id = w.updated_by_user_id
  `,
  );
  const row = rows[0];
  return row ? { row: toRow(row), author: authorOf(row.first_name, row.last_name, row.updated_by_user_id) } : null;
}
