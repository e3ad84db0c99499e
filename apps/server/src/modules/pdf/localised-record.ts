import {
  localisedStep,
  nameIn,
  type TLanguage,
  type TPdfExportData,
  type TPdfSection,
  textsIn,
  translatedOr,
} from '@impact/domain';

/** The call's name as the reader of `language` sees it (a receipt needs nothing else of the record). */
export function localisedCallName(data: TPdfExportData, language: TLanguage): string {
  return nameIn({ name: data.callName, translations: data.translations }, language);
}

/**
 * A frozen record as the reader of `language` sees it: the call's name, each step's name and the
 * texts its content holds (a text step's question, upload slots' names) in that language, the
 * default language's where none was written. Survey and quiz texts are SurveyJS localisable
 * strings, which the section renderers pick by language themselves.
 */
export function localisedRecord(data: TPdfExportData, language: TLanguage): TPdfExportData {
  const sections = data.sectionsForPDF.map((section) => ({
    stored: section,
    shown: localisedSection(section, language),
  }));
  const byName = new Map(sections.map(({ stored, shown }) => [stored.sectionName, { stored, shown }]));
  const byId = new Map(sections.map(({ stored, shown }) => [stored.stepId, shown]));
  return {
    ...data,
    callName: localisedCallName(data, language),
    sectionsForPDF: sections.map((s) => s.shown),
    // Attachments name their step and slot by the default language's names (the slot's key).
    attachments: data.attachments.map((file) => {
      const step = byName.get(file.stepName);
      if (!step) return file;
      const slot = textsIn(step.stored.translations, language)?.uploadSlots?.[file.attachmentTitle];
      return {
        ...file,
        stepName: step.shown.sectionName,
        attachmentTitle: translatedOr(slot?.name, file.attachmentTitle),
      };
    }),
    miniDyi: data.miniDyi.map((m) => ({ ...m, StepName: byId.get(m.stepId)?.sectionName ?? m.StepName })),
  };
}

function localisedSection(section: TPdfSection, language: TLanguage): TPdfSection {
  const step = localisedStep(
    {
      name: section.sectionName,
      description: '',
      content: section.questions,
      stepType: { name: section.stepType },
      translations: section.translations ?? null,
    },
    language,
  );
  return { ...section, sectionName: step.name, questions: step.content };
}
