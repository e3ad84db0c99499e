import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  formatBytes,
  type TAttachmentRow,
  type TStep,
  type TUploadAnswer,
  truncateDescription,
  UPLOAD_FILE_TYPES,
  ZUploadAnswer,
} from '@impact/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { attachmentTypes, files, stepResults } from '../../db/schema';
import { AppError, invalid, notFound } from '../../lib/app-error';
import { isAcceptedContainer } from '../../lib/detect-type';
import { nameMatchingType } from '../../lib/file-names';
import type { SessionUser } from '../../plugins/authentication';
import type { StepSaved, Told } from '../presence/step-saves';
import { serverStepTypeOf } from '../step-types';
import { uploadSlotsOfStep } from '../step-types/upload';
import { loadSubmissionFor } from '../submission-core/access';
import { withOpenChangeRequest } from '../submission-core/change-requests';
import { assertStepWritable, stepOfSubmission, writeStepResult } from '../submission-core/writes';
import { deleteStored, type FileStorage } from './storage';
import { receiveUpload } from './storage/receive';
import { answerNamesFile, filesKeptByRecords } from './submitted-files';

/** The file types of SPEC 3, seeded with stable ids (TipoFileId). */
export async function seedAttachmentTypes(db: Db) {
  await db
    .insert(attachmentTypes)
    .values(UPLOAD_FILE_TYPES.map((attachedType, i) => ({ id: i + 1, attachedType })))
    .onConflictDoNothing();
}

export async function listAttachmentTypes(db: Db) {
  return db.select().from(attachmentTypes).orderBy(asc(attachmentTypes.id));
}

export type IncomingUpload = {
  submissionId: string;
  stepId: string;
  slot: string;
  description: string;
  fileName: string;
  /** The multipart part's stream; `truncated` once multipart's own limit cut it. */
  file: Readable & { truncated?: boolean };
};

const tellNobody: Told = () => {};

/**
 * FileUpload/UploadFile for a submission's upload step: the slot must be one of the step's, the
 * type (from the first bytes) the one it asks for, the size within its limit (counted while the
 * bytes stream to storage). The file replaces an earlier one in the same slot, and the step's
 * answer is updated in one transaction; bytes of a refused or replaced file are removed. `told`
 * hears of the answer once committed.
 */
export async function uploadSubmissionFile(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  upload: IncomingUpload,
  told: Told = tellNobody,
) {
  let saved: StepSaved | null = null;
  // Everything that can be checked before the bytes arrive is checked first: nothing is stored for a refused upload.
  const slot = await db.transaction(async (tx) => {
    const { submission, call } = await loadSubmissionFor(tx, user, upload.submissionId);
    const step = await stepOfSubmission(tx, call, upload.stepId, submission);
    assertStepWritable(await withOpenChangeRequest(tx, submission), call, step);
    // An upload step's slots are in its content; another type with files names its own (evidence).
    const evidence = serverStepTypeOf(step).evidence;
    const slots = evidence ? await evidence.slots(tx, step, submission.id) : uploadSlotsOfStep(step);
    const found = slots.find((s) => s.file_name === upload.slot);
    if (!found) throw invalid([{ path: 'Nome', messageKey: 'errors.files.unknownSlot' }]);
    return found;
  });
  const id = randomUUID();
  const blob = await receiveUpload(storage, upload, {
    prefix: 'files',
    id,
    maxBytes: slot.dimensions,
    accept: async (mime, head) => {
      // An old-Office container must hold a workbook or document stream (MSI installers share it);
      // its directory is read from the first MiB, so a larger .xls/.doc whose directory lies
      // further in is refused (docs/SECURITY.md: save it as .xlsx/.docx).
      if (!(await isAcceptedContainer(slot.file_type, mime, upload.fileName, head))) {
        throw new AppError('unsupportedMediaType', {
          messageKey: 'errors.files.wrongType',
          errors: [{ path: 'File', messageKey: 'errors.files.wrongType', params: { expected: slot.file_type } }],
        });
      }
    },
    tooLarge: () => {
      const limit = formatBytes(slot.dimensions);
      return new AppError('tooLarge', {
        messageKey: 'errors.files.tooLarge',
        errors: [
          { path: 'File', messageKey: 'errors.files.tooLarge', params: { value: limit.value, unit: limit.unit } },
        ],
      });
    },
  });
  const replaced: Array<{ storage: string; storageKey: string }> = [];
  let result: { fileName: string; fileDownloadId: string };
  try {
    result = await db.transaction(async (tx) => {
      // Checked again under the lock: the call may have closed while the bytes were arriving.
      const { submission, call } = await loadSubmissionFor(tx, user, upload.submissionId, { forUpdate: true });
      const step = await stepOfSubmission(tx, call, upload.stepId, submission);
      assertStepWritable(await withOpenChangeRequest(tx, submission), call, step);
      const typeId = UPLOAD_FILE_TYPES.indexOf(slot.file_type) + 1;
      const description = truncateDescription(upload.description);
      const [row] = await tx
        .insert(files)
        .values({
          id,
          ownerUserId: user.id,
          callSubmissionId: submission.id,
          stepId: step.id,
          name: slot.file_name,
          description,
          attachmentTypeId: typeId,
          fileName: nameMatchingType(upload.fileName || 'file', blob.mime),
          mimeType: blob.mime,
          size: blob.size,
          storage: blob.storage,
          storageKey: blob.storageKey,
          sha256: blob.sha256,
        })
        .returning({ id: files.id, fileName: files.fileName });
      if (!row) throw new Error('file insert failed');

      // The step's answer lists the file now filling each slot; the replaced file is removed, unless
      // a Submit sent it (it stays with its record).
      const [current] = await tx
        .select()
        .from(stepResults)
        .where(and(eq(stepResults.callSubmissionId, submission.id), eq(stepResults.stepId, step.id)));
      const parsed = current ? ZUploadAnswer.safeParse(JSON.parse(current.content || '{"files":[]}')) : null;
      const previous = parsed?.success ? parsed.data.files : [];
      const outgoing = previous.filter((f) => f.slot === slot.file_name);
      const submitted = await filesKeptByRecords(
        tx,
        submission.id,
        outgoing.map((f) => f.fileDownloadId),
      );
      for (const old of outgoing.filter((f) => !submitted.has(f.fileDownloadId))) {
        // Scoped to this submission and step: an id read from stored content can never reach another's file.
        const gone = await tx
          .delete(files)
          .where(
            and(eq(files.id, old.fileDownloadId), eq(files.callSubmissionId, submission.id), eq(files.stepId, step.id)),
          )
          .returning({ storage: files.storage, storageKey: files.storageKey });
        replaced.push(...gone);
      }
      const kept = answerWithFiles(step, current?.content, [
        ...previous.filter((f) => f.slot !== slot.file_name),
        { slot: slot.file_name, fileDownloadId: row.id, fileName: row.fileName, description },
      ]);
      const written = await writeStepResult(tx, submission.id, step.id, kept.content, kept.score, null, user);
      saved = { submissionId: submission.id, stepId: step.id, version: written.version };
      return { fileName: row.fileName, fileDownloadId: row.id };
    });
  } catch (err) {
    await deleteStored(storage, [blob]);
    throw err;
  }
  if (saved) told(saved);
  await deleteStored(storage, replaced);
  return result;
}

/** The step's answer listing these files: an upload step's is the list; another type keeps its own answer. */
function answerWithFiles(step: TStep, content: string | undefined, listed: TUploadAnswer['files']) {
  const evidence = serverStepTypeOf(step).evidence;
  return evidence ? evidence.withFiles(content, listed) : { content: JSON.stringify({ files: listed }), score: null };
}

/**
 * A file of a submission's step, under the submission's row lock, for a write by a member who may
 * write while the step is writable (404 for anyone else, 403 for a viewer, 409 once closed), with
 * the step's answer and the files it lists.
 */
async function fileOfWritableStep(tx: Tx, user: SessionUser, fileId: string) {
  const [file] = await tx
    .select({ id: files.id, submissionId: files.callSubmissionId, stepId: files.stepId })
    .from(files)
    .where(eq(files.id, fileId));
  if (!file?.submissionId || !file.stepId) throw notFound('errors.files.notFound');
  const { submission, call } = await loadSubmissionFor(tx, user, file.submissionId, { forUpdate: true });
  const step = await stepOfSubmission(tx, call, file.stepId, submission);
  assertStepWritable(await withOpenChangeRequest(tx, submission), call, step);
  const [current] = await tx
    .select()
    .from(stepResults)
    .where(and(eq(stepResults.callSubmissionId, submission.id), eq(stepResults.stepId, file.stepId)));
  const parsed = current ? ZUploadAnswer.safeParse(JSON.parse(current.content)) : null;
  return { submission, step, current, listed: parsed?.success ? parsed.data.files : [] };
}

/** Removes the file of one slot (the applicant changed their mind) while the submission is open. */
export async function removeSubmissionFile(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  fileId: string,
  told: Told = tellNobody,
) {
  let saved: StepSaved | null = null;
  const gone = await db.transaction(async (tx) => {
    const { submission, step, current, listed } = await fileOfWritableStep(tx, user, fileId);
    const remaining = listed.filter((f) => f.fileDownloadId !== fileId);
    // A file a Submit sent stays with its record; only the live answer lets it go.
    const submitted = await filesKeptByRecords(tx, submission.id, [fileId]);
    const deleted = submitted.has(fileId)
      ? []
      : await tx
          .delete(files)
          .where(eq(files.id, fileId))
          .returning({ storage: files.storage, storageKey: files.storageKey });
    const kept = answerWithFiles(step, current?.content, remaining);
    const written = await writeStepResult(tx, submission.id, step.id, kept.content, kept.score, null, user);
    saved = { submissionId: submission.id, stepId: step.id, version: written.version };
    return deleted;
  });
  if (saved) told(saved);
  await deleteStored(storage, gone);
}

/**
 * POST FileUpload/UpdateDescription: the description of the file filling a slot, changed without
 * choosing the file again, while its step may be written (members who may write; a viewer 403).
 * The step's answer lists it with the file, so it is written there too, as a new version.
 */
export async function describeSubmissionFile(
  db: Db,
  user: SessionUser,
  fileId: string,
  description: string,
  told: Told = tellNobody,
) {
  let saved: StepSaved | null = null;
  const described = await db.transaction(async (tx) => {
    const { submission, step, current, listed } = await fileOfWritableStep(tx, user, fileId);
    // Only a file the answer lists now: one a record keeps after it was replaced is as it was sent.
    if (!listed.some((f) => f.fileDownloadId === fileId)) throw notFound('errors.files.notFound');
    const text = truncateDescription(description);
    await tx.update(files).set({ description: text }).where(eq(files.id, fileId));
    const kept = answerWithFiles(
      step,
      current?.content,
      listed.map((f) => (f.fileDownloadId === fileId ? { ...f, description: text } : f)),
    );
    const written = await writeStepResult(tx, submission.id, step.id, kept.content, kept.score, null, user);
    saved = { submissionId: submission.id, stepId: step.id, version: written.version };
    return { fileDownloadId: fileId, description: text };
  });
  if (saved) told(saved);
  return described;
}

/** GET FileUpload/GetFile: the owner of the submission's organization, or an admin. */
export async function getFileFor(db: Db, user: SessionUser, fileId: string) {
  const [file] = await db
    .select({
      id: files.id,
      callSubmissionId: files.callSubmissionId,
      ownerUserId: files.ownerUserId,
      fileName: files.fileName,
      mimeType: files.mimeType,
      size: files.size,
      storage: files.storage,
      storageKey: files.storageKey,
    })
    .from(files)
    .where(eq(files.id, fileId));
  if (!file) throw notFound('errors.files.notFound');
  if (file.callSubmissionId) {
    await loadSubmissionFor(db, user, file.callSubmissionId, { allowAdmin: true, need: 'read' }); // 404 for anyone else
  } else if (file.ownerUserId !== user.id && !user.isAdmin) {
    throw notFound('errors.files.notFound');
  }
  return file;
}

export async function listAttachments(db: Db, user: SessionUser, submissionId: string): Promise<TAttachmentRow[]> {
  await loadSubmissionFor(db, user, submissionId, { allowAdmin: true, need: 'read' });
  const rows = await db
    .select({
      id: files.id,
      name: files.name,
      fileName: files.fileName,
      description: files.description,
      stepId: files.stepId,
      size: files.size,
      createdAt: files.createdAt,
      type: attachmentTypes.attachedType,
      // A file of no step is the application's as it is; a step's, while its answer names it.
      listed: sql<boolean>`(${files.stepId} is null or ${answerNamesFile({ id: files.id, submissionId: files.callSubmissionId, stepId: files.stepId })})`,
    })
    .from(files)
    .leftJoin(attachmentTypes, eq(attachmentTypes.id, files.attachmentTypeId))
    .where(eq(files.callSubmissionId, submissionId))
    .orderBy(asc(files.createdAt));
  return rows.map((r) => ({
    fileName: r.fileName,
    nomeAllegato: r.name,
    tipoAllegatoName: r.type ?? '',
    descrizione: r.description,
    fileDownloadId: r.id,
    ...(r.listed ? {} : { replaced: true }),
    stepId: r.stepId,
    size: r.size,
    createdAt: r.createdAt.toISOString(),
  }));
}
