import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ADMIN_FILE_TYPES, emailAllowedByFilter, type TAddCustomFileRequest, type TAdminFile } from '@impact/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminFiles, callSubmissions, calls, organizationMembers } from '../../db/schema';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error';
import { nameMatchingType } from '../../lib/file-names';
import type { SessionUser } from '../../plugins/authentication';
import { type AuditActor, audit } from '../audit/record';
import { deleteStored, type FileStorage } from '../files/storage';
import { receiveUpload } from '../files/storage/receive';

const ACCEPTED = new Set<string>(Object.keys(ADMIN_FILE_TYPES));

/**
 * POST FileUpload/UploadAdminFile: png, jpeg, docx, mp4 or xlsx, decided by the first bytes (a
 * renamed .exe is refused with 415 before anything is stored); the bytes stream to the file
 * storage, counted against the size limit on the way.
 */
export async function uploadAdminFile(
  db: Db,
  storage: FileStorage,
  actor: AuditActor,
  upload: { fileName: string; file: Readable & { truncated?: boolean }; maxBytes: number },
): Promise<TAdminFile> {
  const id = randomUUID();
  const blob = await receiveUpload(storage, upload, {
    prefix: 'admin-files',
    id,
    maxBytes: upload.maxBytes,
    accept: (mime) => {
      if (!mime || !ACCEPTED.has(mime)) {
        throw new AppError('unsupportedMediaType', {
          messageKey: 'errors.adminFiles.wrongType',
          errors: [{ path: 'File', messageKey: 'errors.adminFiles.wrongType' }],
        });
      }
    },
    tooLarge: () =>
      new AppError('tooLarge', {
        messageKey: 'errors.adminFiles.tooLarge',
        errors: [
          { path: 'File', messageKey: 'errors.adminFiles.tooLarge', params: { mb: upload.maxBytes / 1024 / 1024 } },
        ],
      }),
  });
  const mime = blob.mime;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(adminFiles)
        .values({
          id,
          fileName: nameMatchingType(upload.fileName || 'file', mime),
          mimeType: mime,
          size: blob.size,
          storage: blob.storage,
          storageKey: blob.storageKey,
          sha256: blob.sha256,
          uploadedByUserId: actor.id,
        })
        .returning({ id: adminFiles.id, fileName: adminFiles.fileName, createdAt: adminFiles.createdAt });
      if (!row) throw new Error('insert returned nothing');
      await audit(tx, actor, 'adminFile.upload', row.id, {
        fileName: row.fileName,
        mimeType: mime,
        size: blob.size,
      });
      return {
        id: row.id,
        fileName: row.fileName,
        mimeType: mime,
        size: blob.size,
        createdAt: row.createdAt.toISOString(),
        usedByCalls: [],
      };
    });
  } catch (err) {
    await deleteStored(storage, [blob]);
    throw err;
  }
}

/** GET FileUpload/GetAdminFiles: newest first, each with the calls that offer it. */
export async function listAdminFiles(db: Db): Promise<TAdminFile[]> {
  const rows = await db
    .select({
      id: adminFiles.id,
      fileName: adminFiles.fileName,
      mimeType: adminFiles.mimeType,
      size: adminFiles.size,
      createdAt: adminFiles.createdAt,
    })
    .from(adminFiles)
    .orderBy(desc(adminFiles.createdAt));
  const ids = rows.map((r) => r.id);
  const users = ids.length
    ? await db
        .select({ id: calls.id, name: calls.name, fileId: calls.customFileId })
        .from(calls)
        .where(inArray(calls.customFileId, ids))
    : [];
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    usedByCalls: users.filter((c) => c.fileId === r.id).map((c) => ({ id: c.id, name: c.name })),
  }));
}

export async function getAdminFile(db: Db, fileId: string) {
  const [file] = await db
    .select({
      id: adminFiles.id,
      fileName: adminFiles.fileName,
      mimeType: adminFiles.mimeType,
      size: adminFiles.size,
      storage: adminFiles.storage,
      storageKey: adminFiles.storageKey,
    })
    .from(adminFiles)
    .where(eq(adminFiles.id, fileId));
  if (!file) throw notFound('errors.files.notFound');
  return file;
}

/** A file a call offers as its custom file stays until the call offers another (409). */
export async function deleteAdminFile(db: Db, storage: FileStorage, actor: AuditActor, fileId: string): Promise<void> {
  const gone = await db.transaction(async (tx) => {
    const [file] = await tx
      .select({
        id: adminFiles.id,
        fileName: adminFiles.fileName,
        storage: adminFiles.storage,
        storageKey: adminFiles.storageKey,
      })
      .from(adminFiles)
      .where(eq(adminFiles.id, fileId))
      .for('update');
    if (!file) throw notFound('errors.files.notFound');
    const [user] = await tx.select({ id: calls.id }).from(calls).where(eq(calls.customFileId, fileId)).limit(1);
    if (user) throw conflict('errors.adminFiles.inUse');
    await tx.delete(adminFiles).where(eq(adminFiles.id, fileId));
    await audit(tx, actor, 'adminFile.delete', fileId, { fileName: file.fileName });
    return file;
  });
  await deleteStored(storage, [gone]);
}

/** POST CallSubmission/AddCustomFile: the call offers this admin file to applicants who submitted (null: none). */
export async function setCustomFile(db: Db, actor: AuditActor, input: TAddCustomFileRequest) {
  await db.transaction(async (tx) => {
    const [call] = await tx
      .select({ id: calls.id, name: calls.name })
      .from(calls)
      .where(eq(calls.id, input.callId))
      .for('update');
    if (!call) throw notFound('errors.calls.callNotFound');
    let fileName: string | null = null;
    if (input.fileId) {
      const [file] = await tx
        .select({ fileName: adminFiles.fileName })
        .from(adminFiles)
        .where(eq(adminFiles.id, input.fileId));
      if (!file) throw invalid([{ path: 'fileId', messageKey: 'errors.files.notFound' }]);
      fileName = file.fileName;
    }
    // `updated_at` is left alone: it says when the call editor's fields were saved, and the editor
    // compares it on saving (basedOnUpdatedAt); this file has its own tab there, and its audit row.
    await tx
      .update(calls)
      .set({ customFileId: input.fileId, customFileName: fileName })
      .where(eq(calls.id, input.callId));
    await audit(tx, actor, 'call.customFile', call.id, { callName: call.name, fileId: input.fileId, fileName });
  });
}

/**
 * GET CallSubmission/GetCustomFile: admins, and applicants who own a closed submission of this
 * call (SPEC 2: "download custom file" appears once the submission is closed). Anyone else 404.
 */
export async function getCustomFileFor(db: Db, user: SessionUser, callId: string) {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId));
  if (!call?.customFileId) throw notFound('errors.files.notFound');
  if (!user.isAdmin) {
    const [closed] = await db
      .select({ id: callSubmissions.id })
      .from(callSubmissions)
      .innerJoin(organizationMembers, eq(organizationMembers.organizationId, callSubmissions.organizationId))
      .where(
        and(
          eq(callSubmissions.callId, callId),
          eq(callSubmissions.closed, true),
          eq(organizationMembers.userId, user.id),
        ),
      )
      .limit(1);
    if (!closed || !emailAllowedByFilter(call, user.email)) throw notFound('errors.files.notFound');
  }
  return getAdminFile(db, call.customFileId);
}
