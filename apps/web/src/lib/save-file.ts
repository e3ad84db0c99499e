import { apiRequest } from './api-client';

/**
 * Hands a file the app already holds to the browser as a download. Files are never public: each
 * is fetched with the session first (`downloadFrom`), then saved from memory under `fileName`.
 */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click() returns: let it live a moment.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a file from the API with the session and saves it under `fileName`. */
export async function downloadFrom(path: string, query: Record<string, string>, fileName: string) {
  saveBlob(await apiRequest<Blob>(path, { query, responseType: 'blob' }), fileName);
}
