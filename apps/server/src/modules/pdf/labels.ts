import { LANGUAGES, type TLanguage } from '@impact/domain';
import { sectionTexts, translator } from '../../lib/texts';

/**
 * The PDF's own words, from the server's texts (packages/texts, section `pdf`), which follow
 * docs/GLOSSARY.md like the web app's; the ones with placeholders are functions.
 */
function labelsOf(language: TLanguage) {
  const t = translator(language);
  return {
    ...sectionTexts(language, 'pdf'),
    sroiRange: (values: { low: string; high: string; score: string }) => t('pdf.sroiRange', values),
    sdgCode: (code: number | string) => t('pdf.sdgCode', { code }),
    /** "Label: " before a value; French puts a no-break space before the colon. */
    labelled: (label: string) => t('pdf.labelled', { label }),
  };
}

export type PdfLabels = ReturnType<typeof labelsOf>;

const LABELS = Object.fromEntries(LANGUAGES.map((language) => [language, labelsOf(language)])) as Record<
  TLanguage,
  PdfLabels
>;

export function pdfLabels(language: TLanguage): PdfLabels {
  return LABELS[language];
}
