import type { TUploadFileType } from './steps';

/** SPEC 5/9: file descriptions are cut at 1024 characters. */
export const FILE_DESCRIPTION_MAX = 1024;

export function truncateDescription(text: string): string {
  return [...text].slice(0, FILE_DESCRIPTION_MAX).join('');
}

/**
 * What each upload file type accepts, by the types the server detects from the bytes
 * (file-type reports legacy .xls/.doc as "cfb").
 */
export const ACCEPTED_MIME: Record<TUploadFileType, readonly string[]> = {
  pdf: ['application/pdf'],
  excel: [
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/x-cfb',
    'application/vnd.ms-excel',
  ],
  word: [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/x-cfb',
    'application/msword',
  ],
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
};

export const ACCEPTED_EXTENSIONS: Record<TUploadFileType, readonly string[]> = {
  pdf: ['.pdf'],
  excel: ['.xlsx', '.xls'],
  word: ['.docx', '.doc'],
  image: ['.png', '.jpg', '.jpeg', '.gif', '.webp'],
};

/** "2 MB", "512 KB": the limit as a person reads it, in the same units the message shows. */
export function formatBytes(bytes: number): { value: number; unit: 'B' | 'KB' | 'MB' | 'GB' } {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i += 1;
  }
  return { value: Math.round(value * 10) / 10, unit: units[i] ?? 'B' };
}
