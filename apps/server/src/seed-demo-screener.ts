import { NON_PROFIT_SCREENER, type TScreenerRule } from '@impact/domain';
import type { Db } from './db/client';
import { callScreeners } from './db/schema';

/** The demo's screener: the starter's yes/no question and its rule, and one on the organization's country. */
const RULES: TScreenerRule[] = [
  { ...NON_PROFIT_SCREENER.rule, message: { ...NON_PROFIT_SCREENER.rule.message } },
  {
    expression: "{org.country} != 'IT'",
    message: {
      it: 'Il bando è riservato alle organizzazioni con sede in Italia.',
      en: 'The call is open to organizations based in Italy only.',
      fr: 'L’appel est réservé aux organisations basées en Italie.',
    },
  },
];

/**
 * The demo call with an eligibility screener (docs/decisions/0033): the demo applicant answers it
 * from the call's card; "no" to the question shows the reason, "yes" lets the application start.
 */
export async function seedDemoScreener(db: Db, callId: string) {
  await db.insert(callScreeners).values({
    callId,
    model: JSON.stringify(NON_PROFIT_SCREENER.model),
    rules: RULES,
    contact: 'bandi@impact-calls.test',
  });
}
