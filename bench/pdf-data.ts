import type { TPdfExportData } from '@impact/domain';

const PARAGRAPH =
  'La nostra cooperativa sociale opera a Forlì dal 1998 con persone fragili: è un’attività che unisce ' +
  'inserimento lavorativo, formazione e accompagnamento. Ça marche très bien à Besançon aussi; ' +
  'Ελληνικά και кириллица sono supportati. Il progetto prevede tre fasi, ciascuna con obiettivi misurabili, ' +
  'partner locali e una valutazione d’impatto condivisa con la comunità e con gli enti pubblici coinvolti. ';

/**
 * The bench's 50-page submission: many long text answers, a survey with 100 answers, 20
 * attachments and a 4-SDG impact design. Built as export data, so it measures the PDF alone.
 */
export function largeExportData(): TPdfExportData {
  const sections: TPdfExportData['sectionsForPDF'] = [];
  for (let i = 1; i <= 24; i++) {
    sections.push({
      stepId: `text-${i}`,
      sectionName: `Domanda ${i}`,
      stepType: 'text',
      questions: JSON.stringify({ question: `<p>Descrivete la <strong>fase ${i}</strong> del progetto.</p>` }),
      answers: JSON.stringify({ answer: PARAGRAPH.repeat(22) }),
    });
  }
  const elements = Array.from({ length: 100 }, (_, i) => ({
    type: 'radiogroup',
    name: `q${i + 1}`,
    title: { default: `Question ${i + 1}`, it: `Domanda ${i + 1}: quanto è d’accordo?` },
    choices: [
      { value: 1, text: { default: 'Not at all', it: 'Per niente' } },
      { value: 2, text: { default: 'A little', it: 'Poco' } },
      { value: 3, text: { default: 'Very much', it: 'Moltissimo' } },
    ],
  }));
  sections.push({
    stepId: 'survey',
    sectionName: 'Questionario',
    stepType: 'survey',
    questions: JSON.stringify({ pages: [{ elements }] }),
    answers: JSON.stringify(Object.fromEntries(elements.map((e, i) => [e.name, (i % 3) + 1]))),
  });
  sections.push({ stepId: 'upload', sectionName: 'Allegati', stepType: 'upload', questions: '[]', answers: '' });
  sections.push({ stepId: 'impact', sectionName: 'Impatto', stepType: 'miniDyi', questions: '', answers: '' });
  const sdg = [1, 4, 8, 10];
  return {
    callName: 'Bando Comunità Sostenibili 2026',
    configLogo: null,
    configLogoWidth: 50,
    configLogoHeight: 50,
    submittedBy: 'Anna Rossi <anna@ente.example>',
    submissionDateTime: '2026-11-20T10:30:00.000Z',
    submissionId: '11111111-2222-4333-8444-555555555555',
    orgName: 'Cooperativa Sociale L’Àncora',
    pIva: '01234567890',
    address: 'Via Garibaldi 12',
    city: 'Forlì',
    country: 'IT',
    userReferenteNome: 'Anna',
    userReferenteCognome: 'Rossi',
    userReferenteRuolo: 'Presidente',
    userReferenteEmail: 'anna@ente.example',
    sectionsForPDF: sections,
    attachments: Array.from({ length: 20 }, (_, i) => ({
      attachmentTitle: `Documento ${i + 1}`,
      fileName: `allegato-${i + 1}.pdf`,
      description: 'Relazione delle attività svolte nell’anno precedente',
      stepName: 'Allegati',
    })),
    miniDyi: [
      {
        stepId: 'impact',
        StepName: 'Impatto',
        budget: 120000,
        budgetSpent: 15000,
        sdg,
        selectedOutcomes: sdg.flatMap((code) =>
          Array.from({ length: 4 }, (_, i) => ({
            outcomeName: `Esito ${code}.${i + 1}: più persone trovano lavoro stabile`,
            stakeholderName: 'Persone svantaggiate',
            sdg: code,
            indicators: [
              {
                indicatorName: 'Persone assunte',
                indicatorTargetValue: 12,
                proxyName: 'Salario annuo',
                proxyValue: 1800,
              },
            ],
          })),
        ),
        sroi: { score: 9.4, lowerScore: 6.1, upperScore: 12.3, overThreshold: true },
      },
    ],
  };
}
