import {
  DEFAULT_LANGUAGE,
  localisedCall,
  localisedStep,
  screenerMessageIn,
  type TLanguage,
  type TScreenerRule,
  type TStep,
  type TTextLanguages,
  uploadSlots,
} from '@impact/domain';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callScreeners, calls } from '../../db/schema';
import { stepsOfCallTypes } from '../calls/call-types';

/** A page of the public list. */
export const PUBLIC_PAGE_SIZE = 50;

/**
 * What the world may see of calls (docs/decisions/0038-public-call-pages.md): a published call
 * without an e-mail filter, open or still to open; a draft or a call for listed addresses only
 * is nobody's business (404). Closed calls leave the public list but keep their page.
 */
const isPublic = and(eq(calls.draft, false), eq(calls.isUserFilterEnable, false));

export type PublicCall = {
  id: string;
  slug: string;
  name: string;
  description: string;
  openingAt: Date;
  closingAt: Date;
  updatedAt: Date;
  languages: TLanguage[];
  /** Name and description shown in the default language to a reader of another (marked `lang`). */
  textLanguages: TTextLanguages;
};

/** A readable address for a call: its name without accents, lower case, words joined by hyphens. */
export function slugOf(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'call'
  );
}

type CallRow = typeof calls.$inferSelect;

function toPublic(row: CallRow, language: TLanguage): PublicCall {
  const shown = localisedCall(row, language);
  const languages: TLanguage[] = ['it', ...(['en', 'fr'] as const).filter((l) => row.translations?.[l]?.name?.trim())];
  return {
    id: row.id,
    // The address stays the default language's, whatever language the page is read in.
    slug: slugOf(row.name),
    name: shown.name,
    description: shown.description,
    openingAt: row.openingAt,
    closingAt: row.closingAt,
    updatedAt: row.updatedAt,
    languages,
    textLanguages: shown.textLanguages,
  };
}

/** The public call named by its id or its slug (the oldest of equal slugs), with its steps; null when not public. */
export async function publicCall(db: Db, key: string, language: TLanguage) {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key);
  // A slug is matched on the names alone (read with their ids), then its call read whole: reading
  // every public call whole for an address that may match none cost an anonymous visitor's
  // request 41 ms with 1,000 calls.
  const id = isId
    ? key.toLowerCase()
    : (
        await db.select({ id: calls.id, name: calls.name }).from(calls).where(isPublic).orderBy(asc(calls.createdAt))
      ).find((c) => slugOf(c.name) === key)?.id;
  if (!id) return null;
  const [row] = await db
    .select()
    .from(calls)
    .where(and(isPublic, eq(calls.id, id)));
  if (!row) return null;
  const steps = ((await stepsOfCallTypes(db, [row.callTypeId])).get(row.callTypeId) ?? []).map((s) =>
    localisedStep(s, language),
  );
  const [screener] = await db
    .select({ rules: callScreeners.rules })
    .from(callScreeners)
    .where(eq(callScreeners.callId, row.id));
  return {
    call: toPublic(row, language),
    steps: steps.map(publicStep),
    eligibility: eligibilityOf(screener, language),
  };
}

/**
 * Who may apply, as the call's eligibility check says it: each rule's message (what an organization
 * it turns away reads, "The call is open to non-profit organizations only."), in the reader's
 * language or marked as the default's. Its questions and conditions stay the applicants' page's.
 */
function eligibilityOf(screener: { rules: TScreenerRule[] } | undefined, language: TLanguage) {
  const shown = (screener?.rules ?? []).map(({ message }) => {
    const text = screenerMessageIn(message, language);
    return { text, lang: text === message[language]?.trim() ? undefined : DEFAULT_LANGUAGE };
  });
  // Two rules may turn organizations away with the same words: said once.
  return shown.filter((line, i) => shown.findIndex((other) => other.text === line.text) === i);
}

/** A step as the public page shows it: what it is about and the documents it asks for, never its form. */
function publicStep(step: TStep & { textLanguages: TTextLanguages }) {
  return {
    name: step.name,
    description: step.description,
    textLanguages: step.textLanguages,
    stage: step.stage,
    documents: uploadSlots(step.content).map((slot) => ({
      name: slot.label?.trim() || slot.file_name,
      type: slot.file_type,
      required: slot.mandatory,
    })),
  };
}

/** Public calls still open or to open, the soonest to close first, a page at a time. */
export async function openPublicCalls(db: Db, language: TLanguage, page: number, now = new Date()) {
  const where = and(isPublic, gt(calls.closingAt, now));
  const rows = await db
    .select()
    .from(calls)
    .where(where)
    .orderBy(asc(calls.closingAt), asc(calls.id))
    .limit(PUBLIC_PAGE_SIZE)
    .offset((page - 1) * PUBLIC_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(calls).where(where);
  // What the list depends on, for its ETag: how many, and the latest change among them.
  const [latest] = await db
    .select({ at: sql<string>`coalesce(max(${calls.updatedAt})::text, '')` })
    .from(calls)
    .where(where);
  return { calls: rows.map((r) => toPublic(r, language)), total: total?.n ?? 0, version: latest?.at ?? '' };
}
