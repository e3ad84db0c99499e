import { z } from 'zod';

/** SPEC 9: "Empty id is the all-zero id" — the API uses it to mean "none". */
export const EMPTY_ID = '00000000-0000-0000-0000-000000000000';

export const ZId = z.uuid();

export function isEmptyId(id: string | null | undefined): boolean {
  return !id || id === EMPTY_ID;
}
