import { createHash } from 'node:crypto';
import type { TAwardLetterFields, TLanguage } from '@impact/domain';
import { LOCALES, longDay } from '../../lib/moments';
import { translator } from '../../lib/texts';

/** An amount as the letter's language writes money ("80.000,00 €" in Italian). */
export function formatAmount(amount: number, currency: string, language: TLanguage): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency }).format(amount);
}

/**
 * The award letter's text in one language, from the fixed template (packages/texts, grantLetter)
 * and the grant's fields. Paragraphs are separated by a blank line. This text is what is sent,
 * stored, hashed and accepted: the PDF only lays it out.
 */
export function composeAwardLetter(
  fields: TAwardLetterFields & { reference: string; date: string },
  language: TLanguage,
): string {
  const t = translator(language);
  const period =
    fields.startsAt && fields.endsAt
      ? t('grantLetter.period', {
          start: longDay(fields.startsAt, language),
          end: longDay(fields.endsAt, language),
        })
      : t('grantLetter.periodOpen');
  const conditions = fields.conditions.trim()
    ? `${t('grantLetter.conditions')}\n${fields.conditions.trim()}`
    : t('grantLetter.noConditions');
  return [
    t('grantLetter.title'),
    `${t('grantLetter.reference', { id: fields.reference })}\n${t('grantLetter.date', { date: longDay(fields.date, language) })}`,
    t('grantLetter.salutation', { org: fields.organizationName }),
    t('grantLetter.body', { call: fields.callName }),
    `${t('grantLetter.amount', { amount: formatAmount(fields.amount, fields.currency, language) })}\n${period}`,
    conditions,
    t('grantLetter.acceptance'),
    t('grantLetter.contact', { contact: fields.contact }),
    t('grantLetter.closing'),
  ].join('\n\n');
}

/** The SHA-256 of the letter as sent (hex): what an acceptance is bound to. */
export function letterHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
