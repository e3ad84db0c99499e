import { parseJson, type TPdfExportData } from '@impact/domain';
import { serverStepType } from '../step-types';

/** What stands where the organization's identity was. */
export const REDACTED = '[…]';

/** The identity a blind review hides: everything that names the organization, its people or its files. */
export type Identity = {
  strings: string[];
  /** Original file name → the neutral name a reviewer sees. */
  fileNames: Map<string, string>;
};

/** A neutral file name: the slot it fills and the original extension ("Budget.pdf"). */
export function neutralFileName(slot: string, original: string, index: number): string {
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(original)?.[0] ?? '';
  const base = slot.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'attachment';
  return `${base}-${index + 1}${ext.toLowerCase()}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a word is made of, in any script (so "Élise" and "Zoë" are whole words). */
const WORD_CHAR = '[\\p{L}\\p{N}\\p{M}]';

/**
 * The pattern of one string, as a whole word: no letter or digit may touch it. A side that is a
 * number only needs no digit next to it, so "01234567890" is found in "IT01234567890" too.
 */
function wholeWord(token: string): string {
  const before = /^\p{N}/u.test(token) ? '(?<!\\p{N})' : `(?<!${WORD_CHAR})`;
  const after = /\p{N}$/u.test(token) ? '(?!\\p{N})' : `(?!${WORD_CHAR})`;
  return `${before}${escapeRegex(token).replace(/ /g, '\\s+')}${after}`;
}

/**
 * Replaces every whole-word occurrence of the identity's strings, in any letter case, whatever
 * their length: a two-letter surname ("Bo") or a first name is as telling as the organization's
 * name. Whole words are told by Unicode letters and digits (not \b, which knows only ASCII and
 * would end "Nicolò" before the "ò"), so "Bo" leaves "Bologna" alone. One pattern for all the
 * strings, longest first, each escaped: linear in the text whatever the names hold. Spaces inside
 * a name match any run of white space, so a name broken over two lines is found too.
 */
export function scrubber(identity: Identity): (text: string) => string {
  const byLowerCase = new Map<string, string>();
  for (const raw of [...identity.strings, ...identity.fileNames.keys()]) {
    const token = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
    if (/[\p{L}\p{N}]/u.test(token)) byLowerCase.set(token.toLowerCase(), token);
  }
  const tokens = [...byLowerCase.values()].sort((a, b) => b.length - a.length);
  if (!tokens.length) return (text) => text;
  const pattern = new RegExp(tokens.map(wholeWord).join('|'), 'giu');
  return (text) => text.normalize('NFC').replace(pattern, REDACTED);
}

/** A JSON text with every string inside it scrubbed (a text that is not JSON, scrubbed as it is). */
function scrubJsonText(text: string, scrub: (s: string) => string): string {
  const parsed = parseJson(text);
  return parsed === undefined ? scrub(text) : JSON.stringify(deepScrub(parsed, scrub));
}

/** Every string of a JSON value passed through `scrub`. */
function deepScrub<T>(value: T, scrub: (s: string) => string): T {
  if (typeof value === 'string') return scrub(value) as T;
  if (Array.isArray(value)) return value.map((v) => deepScrub(v, scrub)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepScrub(v, scrub)])) as T;
  return value;
}

/**
 * The submission as a blind reviewer receives it: the organization's fields and the submitter
 * emptied, uploaded files renamed, and every remaining mention of the identity (in answers,
 * impact designs, anywhere) replaced. Used for the JSON and for the PDF alike, so both say the same.
 */
export function redactExportData(data: TPdfExportData, identity: Identity): TPdfExportData {
  const withIdentity: Identity = {
    fileNames: identity.fileNames,
    strings: [
      ...identity.strings,
      data.orgName,
      data.pIva,
      data.address,
      data.userReferenteEmail,
      `${data.userReferenteNome} ${data.userReferenteCognome}`,
      data.userReferenteNome,
      data.userReferenteCognome,
      data.submittedBy,
      ...data.attachments.map((a) => a.fileName),
    ],
  };
  for (const a of data.attachments)
    if (!withIdentity.fileNames.has(a.fileName)) withIdentity.fileNames.set(a.fileName, REDACTED);
  const neutralName = (fileName: string) => withIdentity.fileNames.get(fileName) ?? REDACTED;
  const blanked: TPdfExportData = {
    ...data,
    submittedBy: REDACTED,
    orgName: REDACTED,
    pIva: REDACTED,
    address: REDACTED,
    city: REDACTED,
    userReferenteNome: REDACTED,
    userReferenteCognome: REDACTED,
    userReferenteRuolo: REDACTED,
    userReferenteEmail: REDACTED,
    sectionsForPDF: data.sectionsForPDF.map((s) => {
      const redact = serverStepType(s.stepType).redactAnswer;
      return redact ? { ...s, answers: redact(s.answers, neutralName) } : s;
    }),
    attachments: data.attachments.map((a) => ({
      ...a,
      fileName: neutralName(a.fileName),
    })),
  };
  const scrub = scrubber(withIdentity);
  const neutral = new Set(withIdentity.fileNames.values());
  // The neutral file names and the placeholder are ours: never scrub them (a slot named like the org).
  // Nor ids: a short name could equal a group of a UUID ("Dede") and break a link the page follows.
  const scrubOne = (s: string) => (neutral.has(s) || s === REDACTED || UUID.test(s) ? s : scrub(s));
  // Answers are JSON text: scrubbed value by value, so a name broken by a line break (stored as
  // "\n") or holding a quote (stored as '\"') is found as the reader will see it.
  const answersScrubbed = {
    ...blanked,
    sectionsForPDF: blanked.sectionsForPDF.map((s) => ({ ...s, answers: scrubJsonText(s.answers, scrubOne) })),
  };
  return deepScrub(answersScrubbed, scrubOne);
}
