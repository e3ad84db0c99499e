import { engine } from './render';
import { printable } from './text';

/**
 * A letter as a one-page PDF: its first paragraph the title, the others as they are (paragraphs
 * apart by a blank line). Laid out on a render thread like a record (render-worker.ts): even a
 * page of plain paragraphs holds the event loop for tens of milliseconds.
 */
export async function letterPdf(text: string): Promise<Buffer> {
  const [title = '', ...paragraphs] = printable(text).split('\n\n');
  const doc = {
    info: { title },
    pageMargins: [56, 64, 56, 64],
    defaultStyle: { font: 'Roboto', fontSize: 11, lineHeight: 1.3 },
    content: [
      { text: title, fontSize: 18, bold: true, margin: [0, 0, 0, 16] },
      ...paragraphs.map((p) => ({ text: p, margin: [0, 0, 0, 10] })),
    ],
  };
  return engine().createPdf(doc).getBuffer();
}
