import { conflict } from './app-error';

/**
 * A save based on a version that is no longer the stored one is refused (409 `messageKey`), so
 * that of two people who loaded the same version the second to save is told instead of
 * overwriting the first (decision 0045). `basedOn` left out: saved whatever is stored. Call it
 * with the row read under its lock (`for update`), in the save's transaction. Compared in
 * milliseconds, as the API carries `updatedAt`.
 */
export function refuseIfSavedSince(storedUpdatedAt: Date, basedOn: string | undefined, messageKey: string): void {
  if (basedOn && storedUpdatedAt.getTime() !== new Date(basedOn).getTime()) throw conflict(messageKey);
}
