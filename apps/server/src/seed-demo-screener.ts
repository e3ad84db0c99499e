import type { TScreenerRule } from '@impact/domain';
import type { Db } from './db/client';
import { callScreeners } from './db/schema';

/** The demo's screener: one yes/no question and two rules, on the answer and on the organization's country. */
const MODEL = {
  pages: [
    {
      name: 'requisiti',
      elements: [
        {
          type: 'boolean',
          name: 'nonProfit',
          title: {
            default: 'La vostra organizzazione è senza scopo di lucro?',
            en: 'Is your organization a non-profit?',
            fr: 'Votre organisation est-elle à but non lucratif ?',
          },
          isRequired: true,
        },
      ],
    },
  ],
};

const RULES: TScreenerRule[] = [
  {
    expression: '{nonProfit} = false',
    message: {
      it: 'Il bando è riservato agli enti senza scopo di lucro.',
      en: 'The call is open to non-profit organizations only.',
      fr: 'L’appel est réservé aux organisations à but non lucratif.',
    },
  },
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
  await db
    .insert(callScreeners)
    .values({ callId, model: JSON.stringify(MODEL), rules: RULES, contact: 'bandi@impact-calls.test' });
}
