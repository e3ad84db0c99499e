import {
  DEFAULT_LANGUAGE,
  nameIn,
  reviewIsOpen,
  type TLanguage,
  type TMyAssignment,
  type TPdfExportData,
  type TReviewWorkspace,
} from '@impact/domain';
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  callSubmissions,
  calls,
  files,
  organizationMembers,
  organizations,
  reviewAssignments,
  reviewRubrics,
  submissionRecords,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import type { FileStorage } from '../files/storage';
import { filesOfRecord } from '../files/submitted-files';
import { buildExportData, withoutAnswerKeys } from '../pdf/export-data';
import { renderPdfFor } from '../pdf/service';
import { md5Of, type PdfBody, storedOrRendered } from '../pdf/stored-pdfs';
import { type Identity, neutralFileName, REDACTED, redactExportData } from './redact';
import { loadAssignmentFor } from './reviewer-access';
import { toDraft } from './reviewing';

/** GET Review/GetMyAssignments: the signed-in reviewer's submissions in calls whose review is open. */
export async function myAssignments(db: Db, user: SessionUser, language: TLanguage): Promise<TMyAssignment[]> {
  const rows = await db
    .select({
      assignment: reviewAssignments,
      callName: calls.name,
      callTranslations: calls.translations,
      closingAt: calls.closingAt,
      opensAt: reviewRubrics.opensAt,
      blind: reviewRubrics.blind,
      organizationName: organizations.name,
    })
    .from(reviewAssignments)
    .innerJoin(calls, eq(calls.id, reviewAssignments.callId))
    .innerJoin(reviewRubrics, eq(reviewRubrics.callId, reviewAssignments.callId))
    .innerJoin(callSubmissions, eq(callSubmissions.id, reviewAssignments.submissionId))
    .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
    .where(
      and(
        eq(reviewAssignments.reviewerUserId, user.id),
        eq(reviewAssignments.status, 'assigned'),
        eq(callSubmissions.closed, true),
      ),
    )
    .orderBy(asc(calls.closingAt), asc(reviewAssignments.createdAt));
  return rows
    .filter((r) => reviewIsOpen({ closingAt: r.closingAt }, r.opensAt))
    .map((r) => ({
      assignmentId: r.assignment.id,
      callId: r.assignment.callId,
      callName: nameIn({ name: r.callName, translations: r.callTranslations }, language),
      submissionId: r.assignment.submissionId,
      // Before the declaration the name is what the reviewer needs to judge a conflict; blind hides it.
      organizationName: r.blind ? null : r.organizationName,
      status: r.assignment.submittedAt
        ? 'submitted'
        : !r.assignment.noConflictAt
          ? 'declareConflict'
          : r.assignment.version > 0
            ? 'inProgress'
            : 'toReview',
    }));
}

type Loaded = Awaited<ReturnType<typeof loadAssignmentFor>>;

type Submitted = {
  data: TPdfExportData;
  language: TLanguage;
  record: { id: string; dataMd5: string; closedAt: Date } | null;
};

/** The submission as frozen at its latest closing (what the applicant submitted), with its language. */
async function submittedData(db: Db, loaded: Loaded): Promise<Submitted> {
  const [record] = await db
    .select()
    .from(submissionRecords)
    .where(eq(submissionRecords.callSubmissionId, loaded.submission.id))
    .orderBy(desc(submissionRecords.closedAt))
    .limit(1);
  // A record frozen before answer keys were left out at freezing still holds them (export-data.ts).
  if (record) return { data: withoutAnswerKeys(record.data), language: record.language, record };
  const s = loaded.submission;
  const data = await buildExportData(db, s, loaded.call, s.createdByUserId, s.closedAt, s.stage);
  return { data, language: DEFAULT_LANGUAGE, record: null };
}

async function submissionFiles(db: Db, submissionId: string) {
  return db
    .select()
    .from(files)
    .where(eq(files.callSubmissionId, submissionId))
    .orderBy(asc(files.createdAt), asc(files.id));
}

/**
 * Everything that identifies the organization today and at closing, plus its files' neutral names:
 * its name, number and street, its contact (e-mail, first name, surname), and every member's
 * account (every member and whoever wrote one of its submissions: e-mail, first name, last name).
 */
async function identityOf(db: Db, loaded: Loaded, fileRows: Array<{ fileName: string; name: string }>) {
  const orgId = loaded.submission.organizationId;
  const [org] = await db.select().from(organizations).where(eq(organizations.id, orgId));
  const authors = db
    .select({ id: callSubmissions.createdByUserId })
    .from(callSubmissions)
    .where(eq(callSubmissions.organizationId, orgId));
  // Every member of the team (an editor who only pressed Submit, a viewer named in an answer).
  const members = db
    .select({ id: organizationMembers.userId })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, orgId));
  // Whoever closed it, a member then or not.
  const closers = db
    .select({ id: submissionRecords.closedByUserId })
    .from(submissionRecords)
    .where(eq(submissionRecords.callSubmissionId, loaded.submission.id));
  const people = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      or(
        eq(users.id, loaded.submission.createdByUserId),
        eq(users.id, org?.ownerUserId ?? loaded.submission.createdByUserId),
        inArray(users.id, authors),
        inArray(users.id, members),
        inArray(users.id, closers),
      ),
    );
  const identity: Identity = {
    strings: [
      ...(org
        ? [
            org.name,
            org.regNumber,
            org.streetName,
            org.contactEmail,
            `${org.contactName} ${org.contactSurname}`,
            org.contactName,
            org.contactSurname,
          ]
        : []),
      ...people.flatMap((p) => [p.email, `${p.firstName} ${p.lastName}`, p.firstName, p.lastName]),
    ],
    fileNames: new Map(fileRows.map((f, i) => [f.fileName, neutralFileName(f.name, f.fileName, i)])),
  };
  return identity;
}

/** The data a reviewer may read: redacted under blind review, the files named accordingly. */
async function reviewerView(db: Db, loaded: Loaded) {
  const { data, language, record } = await submittedData(db, loaded);
  // The files of what was submitted: a request for changes or a second stage lets the team upload
  // new ones, which are a draft until the next Submit's record lists them.
  const allFiles = await submissionFiles(db, loaded.submission.id);
  const fileRows = record ? filesOfRecord({ data, closedAt: record.closedAt }, allFiles) : allFiles;
  if (!loaded.rubric.blind)
    return { data, language, record, fileRows, fileName: (f: { fileName: string }) => f.fileName };
  const identity = await identityOf(db, loaded, fileRows);
  return {
    data: redactExportData(data, identity),
    language,
    record,
    fileRows,
    fileName: (f: { fileName: string }) => identity.fileNames.get(f.fileName) ?? REDACTED,
  };
}

/** GET Review/GetReviewWorkspace: the submission read-only beside the reviewer's draft. */
export async function getWorkspace(
  db: Db,
  user: SessionUser,
  assignmentId: string,
  language: TLanguage,
): Promise<TReviewWorkspace> {
  const loaded = await loadAssignmentFor(db, user, assignmentId);
  const view = await reviewerView(db, loaded);
  return {
    assignmentId,
    callName: nameIn(loaded.call, language),
    blind: loaded.rubric.blind,
    criteria: loaded.rubric.criteria,
    submission: view.data,
    files: view.fileRows.map((f) => ({ fileDownloadId: f.id, fileName: view.fileName(f), slot: f.name })),
    review: toDraft(loaded.assignment),
  };
}

/** GET Review/GetReviewFile: a file of the assigned submission, renamed under blind review. */
export async function getReviewFile(db: Db, user: SessionUser, assignmentId: string, downloadId: string) {
  const loaded = await loadAssignmentFor(db, user, assignmentId);
  const view = await reviewerView(db, loaded);
  const file = view.fileRows.find((f) => f.id === downloadId);
  if (!file) throw notFound('errors.files.notFound');
  return { ...file, fileName: view.fileName(file) };
}

/**
 * GET Review/GetReviewPdf: the PDF of what the reviewer reads (the same redaction as the JSON),
 * kept once per record and language. A blind copy is known by the md5 of its redacted data: it is
 * made again when the redaction would change (the organization renamed, a member added).
 */
export async function getReviewPdf(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  assignmentId: string,
  lang?: TLanguage,
): Promise<PdfBody> {
  const loaded = await loadAssignmentFor(db, user, assignmentId);
  const view = await reviewerView(db, loaded);
  const language = lang ?? view.language;
  const render = () => renderPdfFor(user.id, view.data, language);
  if (!view.record) {
    const bytes = await render();
    return { body: bytes, size: bytes.length };
  }
  const copy = loaded.rubric.blind
    ? { recordId: view.record.id, language, view: 'blind' as const, dataMd5: md5Of(view.data) }
    : { recordId: view.record.id, language, view: 'open' as const, dataMd5: view.record.dataMd5 };
  return storedOrRendered(db, storage, copy, render);
}
