import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TLanguage } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createCallWithSteps, createOrganization, FRAMEWORK_GONE, withFrameworkGone } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { emailOutbox } from '../../db/schema';

/**
 * docs/GLOSSARY.md read as data: each Italian term with its English and French forms (a
 * parenthesis such as "(SDG)" left out), and the words its notes forbid in Italian («mai
 * «call»», «non «step»»). The PDF and the receipt are checked against the file itself, so a
 * glossary change reaches them too.
 */
function readGlossary() {
  const file = path.resolve(import.meta.dirname, '../../../../../docs/GLOSSARY.md');
  const terms = new Map<string, Record<TLanguage, string>>();
  const forbidden: string[] = [];
  const bare = (cell: string) => cell.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 6 || !cells[1] || cells[1] === 'Italiano' || cells[1].startsWith('---')) continue;
    const [, itTerm = '', en = '', fr = '', note = ''] = cells;
    terms.set(itTerm, { it: bare(itTerm), en: bare(en), fr: bare(fr) });
    for (const m of note.matchAll(/\b(?:mai|non) «([^»]+)»/g)) if (m[1]) forbidden.push(m[1]);
  }
  return { terms, forbidden };
}

/** A whole word or phrase, in any case, not inside a longer word ("esito" is not in "necessito"). */
const wordPattern = (phrase: string) =>
  new RegExp(`(?<!\\p{L})${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')}(?!\\p{L})`, 'iu');

function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-raw', '-', '-'], { input: bytes })
    .toString('utf8')
    .replace(/\s+/g, ' ');
}

const { terms, forbidden } = readGlossary();
const glossary = (italian: string, language: TLanguage) => {
  const term = terms.get(italian)?.[language];
  if (!term) throw new Error(`docs/GLOSSARY.md has no row «${italian}»`);
  return term;
};
/** What the PDF names: the impact step's parts, the header, the SROI. */
const PDF_TERMS = [
  'candidatura',
  'organizzazione',
  'esito',
  'stakeholder',
  'indicatore',
  'obiettivo annuo',
  'proxy finanziaria',
  'budget richiesto',
  'stima SROI',
  'obiettivi di sviluppo sostenibile (SDG)',
];
const RECEIPT_TERMS = ['bando', 'candidatura'];
/** The words the PDF used before it read the shared texts, which the glossary does not list. */
const FORMER_WORDS = ['Risultato', 'Portatore di interesse', 'SROI stimato', 'Domanda di partecipazione'];

const APPLICANTS: Record<TLanguage, string> = {
  it: 'ilaria@glossario.example',
  en: 'emma@glossary.example',
  fr: 'francois@glossaire.example',
};

describe('the PDF and the receipt speak the glossary, in it, en and fr', () => {
  let t: TestApp;
  const submissions = {} as Record<TLanguage, { id: string; headers: Record<string, string> }>;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    const call = await withFrameworkGone(t.database.db, () =>
      createCallWithSteps(t.app, admin.headers, [{ name: 'Impatto', type: 'miniDyi', content: FRAMEWORK_GONE }]),
    );
    for (const language of ['it', 'en', 'fr'] as const) {
      const who = await signInAs(t.database.db, { email: APPLICANTS[language] });
      const org = await createOrganization(t.app, who.headers, `Cooperativa Orti ${language.toUpperCase()}`);
      const headers = { ...who.headers, 'x-organization-id': org };
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallSubmission',
        headers,
        payload: { callId: call.id },
      });
      const id: string = started.json().id;
      const written = await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallStepResult',
        headers,
        payload: {
          callSubmissionId: id,
          stepId: call.stepIds[0],
          version: 0,
          content: JSON.stringify({
            budget: 2000,
            budgetSpent: 0,
            sdg: [],
            selectedOutcomes: [
              {
                outcomeId: null,
                sdg: null,
                outcomeName: 'Orti condivisi',
                stakeholderId: 'famiglie',
                stakeholderName: 'Famiglie',
                customKey: 'AbCdEfGhIjKl',
                indicators: [
                  {
                    indicatorId: '',
                    indicatorName: 'Chili raccolti',
                    indicatorTargetValue: 100,
                    proxyId: '',
                    proxyName: 'Prezzo al chilo',
                    proxyValue: 3,
                  },
                ],
              },
            ],
          }),
        },
      });
      expect(written.statusCode, written.body).toBe(200);
      const closed = await t.app.inject({
        method: 'POST',
        url: '/api/Call/CloseCallSubmission',
        headers,
        payload: { submissionId: id, language },
      });
      expect(closed.statusCode, closed.body).toBe(200);
      submissions[language] = { id, headers };
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the glossary', () => {
    expect(terms.get('esito')).toEqual({ it: 'esito', en: 'outcome', fr: 'résultat' });
    expect(forbidden).toEqual(expect.arrayContaining(['outcome', 'call', 'submission', 'step']));
  });

  for (const language of ['it', 'en', 'fr'] as const) {
    it(`the PDF in ${language} names the impact step's parts as the glossary does`, async () => {
      const { id, headers } = submissions[language];
      const res = await t.app.inject({
        url: `/api/Call/GetSubmissionPdf?submissionId=${id}&lang=${language}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const text = pdfText(res.rawPayload);
      expect(text).toContain('Famiglie'); // the impact section is there
      for (const term of PDF_TERMS)
        expect(text, `${language}: «${glossary(term, language)}»`).toMatch(wordPattern(glossary(term, language)));
      if (language === 'it')
        for (const word of [...forbidden, ...FORMER_WORDS]) expect(text, `«${word}»`).not.toMatch(wordPattern(word));
    });

    it(`the receipt in ${language} says the glossary's words for call and submission`, async () => {
      const [mail] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.template, 'submission-receipt'), eq(emailOutbox.to, APPLICANTS[language])));
      expect(mail, 'the receipt was queued').toBeDefined();
      const all = `${mail?.subject}\n${mail?.text}`;
      expect(mail?.html).toContain(`lang="${language}"`);
      for (const term of RECEIPT_TERMS)
        expect(all, `${language}: «${glossary(term, language)}»`).toMatch(wordPattern(glossary(term, language)));
      if (language === 'it') for (const word of forbidden) expect(all, `«${word}»`).not.toMatch(wordPattern(word));
    });
  }
});
