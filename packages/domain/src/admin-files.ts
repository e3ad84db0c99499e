import { z } from 'zod';

/**
 * SPEC 5 "Admin attachment upload": png, jpeg, docx, mp4 and xlsx, told apart by their bytes.
 * The extension listed is what the file picker offers; the server trusts only the bytes.
 */
export const ADMIN_FILE_TYPES = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'video/mp4': '.mp4',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
} as const;
export const ADMIN_FILE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.docx', '.mp4', '.xlsx'] as const;

/**
 * SPEC 5 and 9 give 3 MB and 5 MB. We take 5 MB (a short mp4 or a docx with images rarely fits
 * in 3 MB); the server's ADMIN_FILE_MAX_BYTES setting changes it.
 */
export const DEFAULT_ADMIN_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const ZAdminFile = z.object({
  id: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** Calls offering it as their custom file: such a file cannot be deleted. */
  usedByCalls: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type TAdminFile = z.infer<typeof ZAdminFile>;

export const ZAdminFileLimits = z.object({ maxBytes: z.number().int(), extensions: z.array(z.string()) });

/** POST CallSubmission/AddCustomFile: the call and the admin file it offers (null removes it). */
export const ZAddCustomFileRequest = z.object({ callId: z.uuid(), fileId: z.uuid().nullable() });
export type TAddCustomFileRequest = z.infer<typeof ZAddCustomFileRequest>;
