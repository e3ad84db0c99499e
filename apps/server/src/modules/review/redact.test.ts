import type { TPdfExportData } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactExportData, scrubber } from './redact';

const scrub = (strings: string[]) => scrubber({ strings, fileNames: new Map() });

describe('blind redaction of mentions', () => {
  it('takes names as text, never as patterns', () => {
    const s = scrub(['Co.Op (Srl) [2027]', '(a+)+$', '\\d', 'a|b']);
    expect(s('We are Co.Op (Srl) [2027]; CoXOp (Srl) [2027] is another.')).toBe(
      `We are ${REDACTED}; CoXOp (Srl) [2027] is another.`,
    );
    expect(s('aaaa (a+)+$ 42 \\d a|b ab')).toBe(`aaaa ${REDACTED} 42 ${REDACTED} ${REDACTED} ab`);
  });

  it('finds whole words in any letter case and Unicode form, and leaves longer words alone', () => {
    const s = scrub(['Élise', 'Ng', 'Nicol', '01234567890']);
    expect(s('élise, ÉLISE, E\u0301lise; NG and ng; IT01234567890. Élisabeth, Ngozi, Nicolò, 012345678901')).toBe(
      `${REDACTED}, ${REDACTED}, ${REDACTED}; ${REDACTED} and ${REDACTED}; IT${REDACTED}. Élisabeth, Ngozi, Nicolò, 012345678901`,
    );
  });

  it('is linear in the text: a long answer full of near misses takes milliseconds', () => {
    const names = Array.from({ length: 40 }, (_, i) => `Name${i} Surname${i}`);
    const s = scrub(['Aurora', 'a b', ...names]);
    const text = `${'a '.repeat(50_000)}${'a'.repeat(50_000)} ${'Name1  '.repeat(20_000)} ${'a\t'.repeat(20_000)}`;
    const started = performance.now();
    s(text);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('blind redaction of answers', () => {
  it('finds a name in an answer as the reader sees it: across a line break, beside quotes', () => {
    const section = (answers: string) => ({
      stepId: 's',
      sectionName: 'S',
      stepType: 'survey',
      questions: '{}',
      answers,
    });
    const data = {
      orgName: 'Cooperativa Aurora',
      pIva: '',
      address: '',
      userReferenteEmail: '',
      userReferenteNome: '',
      userReferenteCognome: '',
      submittedBy: '',
      attachments: [],
      miniDyi: [],
      sectionsForPDF: [
        section(JSON.stringify({ c: 'Noi di Cooperativa\nAurora', q: 'Il "Cooperativa Aurora" aiuta' })),
      ],
    } as unknown as TPdfExportData;
    const blind = redactExportData(data, { strings: [], fileNames: new Map() });
    const answers = JSON.parse(blind.sectionsForPDF[0]?.answers ?? '{}');
    expect(answers.c).not.toContain('Aurora');
    expect(answers.q).toBe(`Il "${REDACTED}" aiuta`);
  });

  it("scrubs each of a text step's several answers, and the original one", () => {
    const data = {
      orgName: 'Cooperativa Aurora',
      pIva: '',
      address: '',
      userReferenteEmail: '',
      userReferenteNome: '',
      userReferenteCognome: '',
      submittedBy: '',
      attachments: [],
      miniDyi: [],
      sectionsForPDF: [
        {
          stepId: 'a',
          sectionName: 'In breve',
          stepType: 'text',
          questions: JSON.stringify({ questions: [{ id: 'title', label: 'Titolo', required: true }] }),
          answers: JSON.stringify({
            answers: { title: 'Orti della Cooperativa Aurora', team: 'Con la Cooperativa Aurora' },
          }),
        },
        {
          stepId: 'b',
          sectionName: 'P',
          stepType: 'text',
          questions: '{}',
          answers: JSON.stringify({ answer: 'Cooperativa Aurora' }),
        },
      ],
    } as unknown as TPdfExportData;
    const blind = redactExportData(data, { strings: [], fileNames: new Map() });
    const several = JSON.parse(blind.sectionsForPDF[0]?.answers ?? '{}');
    expect(several.answers.title).toBe(`Orti della ${REDACTED}`);
    expect(several.answers.team).not.toContain('Aurora');
    expect(JSON.parse(blind.sectionsForPDF[1]?.answers ?? '{}').answer).not.toContain('Aurora');
  });
});
