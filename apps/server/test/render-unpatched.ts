/**
 * The bench's long application rendered by pdfmake as published, without our drawing change (a
 * process of its own: the change patches pdfmake's prototype for the whole process). Writes the
 * PDF to stdout, for the golden test in modules/pdf/pdfmake-text-runs.test.ts.
 */
import { largeExportData } from '../../../bench/pdf-data';
import { buildDocument } from '../src/modules/pdf/document';
import { loadPdfmake } from '../src/modules/pdf/render';

const bytes = await loadPdfmake().createPdf(buildDocument(largeExportData(), 'it')).getBuffer();
process.stdout.write(bytes);
