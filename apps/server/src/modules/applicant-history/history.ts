import {
  grantReference,
  LOOKALIKE_REASONS,
  nameIn,
  type TApplicantHistory,
  type TDecisionOutcome,
  type TGrantStatus,
  type TLanguage,
} from '@impact/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { utcToday } from '../grants/tranches';
import { isStageSubmitted } from '../submission-core/access';
import { LOOKALIKE, sharingAMember } from './lookalike-rule';

type CallName = { call_name: string; call_translations: Record<string, { name?: string }> | null };

/** A grant's report is a submission of a hidden form call: it is not an application. */
const NOT_A_REPORT = sql`not exists (select 1 from grant_reports gr where gr.submission_id = s.id)`;

/** Lookalikes shown at most: past that the registration is a shared placeholder, not one body. */
const MAX_LOOKALIKES = 20;

/**
 * GET CallSubmission/GetApplicantHistory (admins): what the funder already knows of the
 * organization that made this submission, read in three statements (its applications, its grants,
 * the organizations that look like it). Nothing here is shown to reviewers: under blind review
 * they must not learn who applied.
 */
export async function applicantHistory(db: Db, submissionId: string, language: TLanguage): Promise<TApplicantHistory> {
  const [current] = await rows<{
    organization_id: string;
    call_id: string;
    name: string;
    reg_number: string;
    country: string;
  }>(
    db,
    sql`select s.organization_id, s.call_id, o.name, o.reg_number, o.country
          from call_submissions s join organizations o on o.id = s.organization_id
         where s.id = ${submissionId}::uuid`,
  );
  if (!current) throw notFound('errors.submissions.notFound');
  const organizationId = current.organization_id;
  const [submissions, grants, lookalikes] = await Promise.all([
    applications(db, organizationId),
    grantsOf(db, organizationId),
    lookalikesOf(db, organizationId, current.call_id),
  ]);
  return {
    organization: { id: organizationId, name: current.name, regNumber: current.reg_number, country: current.country },
    submissions: submissions.map((s) => ({
      id: s.id,
      callId: s.call_id,
      callName: nameIn({ name: s.call_name, translations: s.call_translations }, language),
      stage: s.stage === 2 ? 2 : 1,
      submitted: isStageSubmitted({ stage: s.stage, closed: s.closed, stageClosedAt: s.stage_closed_at }),
      startedAt: new Date(s.created_at).toISOString(),
      submittedAt: submittedAt(s),
      outcome: s.outcome,
      current: s.id === submissionId,
    })),
    grants: grants.map((g) => ({
      id: g.id,
      reference: grantReference(g.number, g.created_at),
      callName: nameIn({ name: g.call_name, translations: g.call_translations }, language),
      status: g.status,
      amount: Number(g.amount),
      currency: g.currency,
      reportsOverdue: g.reports_overdue,
    })),
    lookalikes: lookalikes.map((o) => ({
      id: o.id,
      name: o.name,
      regNumber: o.reg_number,
      reasons: LOOKALIKE_REASONS.filter(
        (reason) =>
          ({
            regNumber: o.same_reg_number,
            contactEmail: o.same_contact_email,
            name: o.same_name,
            sharedMember: o.shared_member,
          })[reason],
      ),
      applications: o.applications,
      sameCall: o.same_call,
    })),
  };
}

/** The moment the stage reached was submitted: the second stage's own, else the first closing. */
function submittedAt(s: {
  stage: number;
  closed: boolean;
  closed_at: Date | string | null;
  stage_closed_at: Date | string | null;
}) {
  const at = s.stage === 2 ? s.stage_closed_at : s.closed ? s.closed_at : null;
  return at === null ? null : new Date(at).toISOString();
}

function applications(db: Db, organizationId: string) {
  return rows<
    CallName & {
      id: string;
      call_id: string;
      stage: number;
      closed: boolean;
      closed_at: Date | string | null;
      stage_closed_at: Date | string | null;
      created_at: Date | string;
      outcome: TDecisionOutcome | null;
    }
  >(
    db,
    sql`select s.id, s.call_id, c.name as call_name, c.translations as call_translations, s.stage, s.closed,
               s.closed_at, s.stage_closed_at, s.created_at, d.outcome
          from call_submissions s
          join calls c on c.id = s.call_id
          left join review_decisions d on d.submission_id = s.id
         where s.organization_id = ${organizationId}::uuid and ${NOT_A_REPORT}
         order by s.created_at desc, s.id`,
  );
}

function grantsOf(db: Db, organizationId: string) {
  return rows<
    CallName & {
      id: string;
      number: number;
      created_at: Date | string;
      status: TGrantStatus;
      amount: string;
      currency: string;
      reports_overdue: number;
    }
  >(
    db,
    sql`select g.id, g.number, g.created_at, c.name as call_name, c.translations as call_translations, g.status,
               g.amount::text as amount, g.currency,
               -- As the portfolio counts them: only a running grant owes reports.
               (select count(*) from grant_reports r
                 where r.grant_id = g.id and g.status = 'active' and r.submitted_at is null
                   and r.due_at < ${utcToday()}::date)::int as reports_overdue
          from grants g join calls c on c.id = g.call_id
         where g.organization_id = ${organizationId}::uuid
         order by g.created_at desc, g.id`,
  );
}

/** Aliases of the lookalike query's two organizations: another one, and this one. */
const o = sql.raw('o');
const me = sql.raw('me');

/**
 * Other organizations that share with this one what one body would (lookalike-rule.ts), each with
 * why; those that applied to the same call first.
 */
function lookalikesOf(db: Db, organizationId: string, callId: string) {
  return rows<{
    id: string;
    name: string;
    reg_number: string;
    same_reg_number: boolean;
    same_contact_email: boolean;
    same_name: boolean;
    shared_member: boolean;
    applications: number;
    same_call: boolean;
  }>(
    db,
    sql`with me as (
          select * from organizations where id = ${organizationId}::uuid
        ), candidates as (
          select o.id from organizations o, me where ${LOOKALIKE.sameRegNumber(o, me)}
          union select o.id from organizations o, me where ${LOOKALIKE.sameContactEmail(o, me)}
          union select o.id from organizations o, me where ${LOOKALIKE.sameName(o, me)}
          union ${sharingAMember(sql`${organizationId}::uuid`)}
        )
        select o.id, o.name, o.reg_number,
               coalesce(${LOOKALIKE.sameRegNumber(o, me)}, false) as same_reg_number,
               ${LOOKALIKE.sameContactEmail(o, me)} as same_contact_email,
               ${LOOKALIKE.sameName(o, me)} as same_name,
               ${LOOKALIKE.sharedMember(o, me)} as shared_member,
               (select count(*) from call_submissions s where s.organization_id = o.id and ${NOT_A_REPORT})::int as applications,
               exists (select 1 from call_submissions s where s.organization_id = o.id and s.call_id = ${callId}::uuid
                         and ${NOT_A_REPORT}) as same_call
          from organizations o, me
         where o.id in (select id from candidates) and o.id <> me.id
         order by same_call desc, o.name, o.id
         limit ${MAX_LOOKALIKES}`,
  );
}
