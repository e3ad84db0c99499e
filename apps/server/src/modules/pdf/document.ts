import { recordCurrency, type TLanguage, type TPdfExportData } from '@impact/domain';
import { LOCALES, moment } from '../../lib/moments';
import { pdfLabels } from './labels';
import type { Content, TDocumentDefinitions } from './pdf-types';
import { renderSection, type SectionContext, TABLE_LAYOUT } from './section-renderers';
import { printable, printableDocument, safeText } from './text';

/** The logo as pdfmake takes it: PNG/JPEG data URLs as images, SVG as markup; anything else is left out. */
function logoContent(data: TPdfExportData): Content | null {
  const match = data.configLogo ? /^data:([^;,]+);base64,(.*)$/s.exec(data.configLogo) : null;
  if (!match?.[1] || match[2] === undefined) return null;
  const size = { width: data.configLogoWidth || 50, height: data.configLogoHeight || 50 };
  if (match[1] === 'image/png' || match[1] === 'image/jpeg')
    return { image: data.configLogo as string, fit: [size.width, size.height] };
  if (match[1] === 'image/svg+xml') return { svg: Buffer.from(match[2], 'base64').toString('utf8'), ...size };
  return null;
}

/**
 * The application as a document a foundation files: A4, 20 pt margins (SPEC 9), the branding's
 * logo, a header block with the call, organization and submitter, one section per step in step
 * order, and a footer with the call name, the submission date and "page x / y" on every page.
 */
export function buildDocument(data: TPdfExportData, language: TLanguage): TDocumentDefinitions {
  const labels = pdfLabels(language);
  const locale = LOCALES[language];
  // A figure written in the document's language, or a dash where there is none.
  const formatted = (options: Intl.NumberFormatOptions) => {
    const format = new Intl.NumberFormat(locale, options);
    return (n: number | null) => (n === null || !Number.isFinite(n) ? '—' : format.format(n));
  };
  const number = formatted({ maximumFractionDigits: 2 });
  const ratio = formatted({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const submittedAt = data.submissionDateTime
    ? moment(new Date(data.submissionDateTime), language)
    : labels.notSubmitted;
  const country = (() => {
    try {
      return new Intl.DisplayNames([locale], { type: 'region' }).of(data.country) ?? data.country;
    } catch {
      return data.country;
    }
  })();
  // Money takes the ratio's format: two decimals, always; a unit's price keeps up to four.
  const currency = recordCurrency(data.sectionsForPDF);
  const money = formatted({ style: 'currency', currency });
  const unitMoney = formatted({ style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 4 });
  const ctx: SectionContext = { data, labels, language, number, ratio, money, unitMoney };

  const logo = logoContent(data);
  const field = (label: string, value: string) => [
    { text: label, style: 'label' },
    { text: safeText(value) || '—', style: 'value' },
  ];
  const contact = [data.userReferenteNome, data.userReferenteCognome].filter(Boolean).join(' ');
  const heading = data.report ? labels.reportTitle : labels.title;
  const header: Content[] = [
    {
      columns: [
        ...(logo ? [{ width: 'auto', stack: [logo] } as Content] : []),
        {
          width: '*',
          stack: [
            { text: heading, style: 'kicker' },
            { text: safeText(data.callName), style: 'title' },
          ],
          margin: [logo ? 12 : 0, 0, 0, 0],
        },
      ],
      columnGap: 0,
    },
    {
      table: {
        widths: [130, '*'],
        body: [
          field(labels.organization, data.orgName),
          field(labels.regNumber, data.pIva),
          field(labels.address, [data.address, data.city, country].filter(Boolean).join(', ')),
          field(labels.contact, [contact, data.userReferenteRuolo].filter(Boolean).join(' – ')),
          field(labels.email, data.userReferenteEmail),
          field(labels.submittedBy, data.submittedBy),
          field(labels.submittedAt, submittedAt),
          ...(data.reference ? [field(labels.reference, data.reference)] : []),
          field(data.report ? labels.reportId : labels.submissionId, data.submissionId),
        ],
      },
      layout: TABLE_LAYOUT,
      margin: [0, 12, 0, 8],
    },
  ];

  const sections: Content[] = data.sectionsForPDF.flatMap((section, i) => {
    const body = renderSection(section, ctx);
    if (!body) return [];
    return [{ text: `${i + 1}. ${safeText(section.sectionName)}`, style: 'h2' } as Content, ...body];
  });

  return {
    pageSize: 'A4',
    pageMargins: [20, 20, 20, 40],
    info: { title: `${safeText(data.callName)} – ${safeText(data.orgName)}`, subject: heading },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25, color: '#212529' },
    styles: {
      kicker: { fontSize: 9, color: '#087f5b', bold: true, characterSpacing: 0.5 },
      title: { fontSize: 18, bold: true, margin: [0, 2, 0, 0] },
      label: { fontSize: 9, color: '#495057' },
      value: { fontSize: 10 },
      h2: { fontSize: 13, bold: true, color: '#087f5b', margin: [0, 14, 0, 6] },
      question: { bold: true, margin: [0, 6, 0, 2] },
      answer: { margin: [0, 0, 0, 6] },
      muted: { italics: true, color: '#868e96', margin: [0, 0, 0, 6] },
      th: { bold: true, fontSize: 9, color: '#495057' },
      warning: { color: '#c92a2a', bold: true, margin: [0, 2, 0, 6] },
    },
    content: printableDocument([...header, ...sections]),
    footer: (currentPage: number, pageCount: number): Content => ({
      margin: [20, 12, 20, 0],
      fontSize: 8,
      color: '#868e96',
      columns: [
        { text: printable(safeText(data.callName)), width: '*' },
        { text: printable(submittedAt), width: 'auto', alignment: 'center', margin: [8, 0] },
        { text: `${labels.page} ${currentPage} / ${pageCount}`, width: 'auto', alignment: 'right' },
      ],
    }),
  };
}
