import { STEP_TYPES, type TLanguage, type TPdfExportData } from '@impact/domain';
import { Piscina } from 'piscina';
import { setTimeZone } from '../../lib/moments';
import { letterPdf } from './letter-layout';
import { renderPdf } from './render';

/**
 * A render thread: pdfmake's layout is synchronous CPU work (hundreds of milliseconds for a long
 * application), so it runs here and the server's event loop keeps answering requests. The fonts
 * are loaded once per thread and the thread stays up between documents.
 */
export type RenderTask = { data: TPdfExportData; language: TLanguage } | { letter: string };

/** A task as the thread gets it: with the zone the main thread writes moments in (lib/moments.ts). */
export type ThreadTask = RenderTask & { timeZone: string };

export default async function render(task: ThreadTask) {
  setTimeZone(task.timeZone);
  const buffer = 'letter' in task ? await letterPdf(task.letter) : await renderPdf(task.data, task.language);
  // A copy we own, handed over to the main thread without copying again.
  return Piscina.move(new Uint8Array(buffer));
}

// Warm-up: the first document pays for loading the fonts and compiling the layout code; do it now.
void renderPdf(
  {
    callName: 'warm-up',
    configLogo: null,
    configLogoWidth: 50,
    configLogoHeight: 50,
    submittedBy: '',
    submissionDateTime: null,
    submissionId: '00000000-0000-0000-0000-000000000000',
    orgName: '',
    pIva: '',
    address: '',
    city: '',
    country: 'IT',
    userReferenteNome: '',
    userReferenteCognome: '',
    userReferenteRuolo: '',
    userReferenteEmail: '',
    sectionsForPDF: [
      {
        stepId: 'w',
        sectionName: 'w',
        stepType: STEP_TYPES.text.name,
        questions: '',
        answers: '{"answer":"Àà Ελ Кк"}',
      },
    ],
    attachments: [],
    miniDyi: [],
  },
  'it',
).catch(() => undefined);
