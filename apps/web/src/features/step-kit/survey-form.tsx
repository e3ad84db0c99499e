import 'survey-core/survey-core.min.css';
import 'survey-core/i18n/italian';
import 'survey-core/i18n/french';
import { SURVEY_DEFAULT_LOCALE, withDefaultLocaleStrings } from '@impact/domain';
import { useMantineTheme } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { Model, surveyLocalization } from 'survey-core';
import { Survey } from 'survey-react-ui';
import { silentSurveyChecker } from './survey-check';
import { fillAnswersAsText } from './survey-html';

// A localisable string's `default` is the content's default language (packages/domain/src/survey-locales.ts).
surveyLocalization.defaultLocale = SURVEY_DEFAULT_LOCALE;

export type SurveyFormProps = {
  model: object;
  data: Record<string, unknown>;
  locale: string;
  readOnly: boolean;
  /** Every change of the answers (SurveyJS answer data). */
  onData?: (data: Record<string, unknown>) => void;
  /** The problems a silent check finds after each change (for the wizard's Next). */
  onProblems?: (problems: string[]) => void;
  /** Lets the wizard ask the form to show its errors on the questions. */
  registerReveal?: (reveal: () => void) => () => void;
};

/**
 * The SurveyJS form library (MIT) rendering one model, themed from Mantine, in the page's
 * language. Loaded lazily: neither the applicant's first page nor the call list carries it.
 */
export default function SurveyForm({
  model,
  data,
  locale,
  readOnly,
  onData,
  onProblems,
  registerReveal,
}: SurveyFormProps) {
  const theme = useMantineTheme();
  // The answers as the step holds them now: the form is built again only for a new model, language
  // or mode (not at every keystroke), and then from these, never from the ones it first opened with.
  const latestData = useRef(data);
  latestData.current = data;
  const callbacks = useRef({ onData, onProblems });
  callbacks.current = { onData, onProblems };

  const survey = useMemo(() => {
    const s = new Model(withDefaultLocaleStrings(model));
    s.locale = locale;
    fillAnswersAsText(s);
    // SurveyJS reports its default locale (ours: Italian) as '' and then marks its root lang="en":
    // an Italian form would be read with an English voice. The root says the form's language.
    s.onAfterRenderSurvey.add((_, { htmlElement }) =>
      htmlElement.setAttribute('lang', s.locale || SURVEY_DEFAULT_LOCALE),
    );
    s.data = latestData.current;
    // Each keystroke is an answer (SurveyJS waits for the field to lose focus by default): a long
    // comment is saved, and backed up in the browser, while it is being written.
    s.textUpdateMode = 'onTyping';
    // The wizard's own Next and Submit complete the step; the survey only pages through itself.
    s.showCompleteButton = false;
    s.showTitle = false;
    s.mode = readOnly ? 'display' : 'edit';
    // Errors show when the applicant moves on (the form's own pages, or the wizard's Next, which
    // reveals them), not while they type: every keystroke is a value now.
    s.checkErrorsMode = 'onNextPage';
    // What the applicant no longer sees is not kept (nor saved): a comment typed under a score
    // that was then changed goes when its question hides. The server drops it too on Submit. A
    // model that says to keep hidden values ("none") keeps them.
    if (s.clearInvisibleValues === 'onComplete') s.clearInvisibleValues = 'onHidden';
    s.applyTheme({
      cssVariables: {
        '--sjs-primary-backcolor': 'var(--mantine-primary-color-filled)',
        '--sjs-primary-backcolor-dark': 'var(--mantine-primary-color-filled-hover)',
        '--sjs-primary-backcolor-light': 'var(--mantine-primary-color-light)',
        '--sjs-font-family': 'inherit',
        '--sjs-general-backcolor-dim': 'transparent',
        // The library's secondary grey (a yes/no toggle's other label) is 4.4:1 on its light
        // background; Mantine's gray 7 is 7.5:1 (WCAG 1.4.3).
        '--sjs-general-forecolor-light': 'var(--mantine-color-gray-7)',
        '--sjs-corner-radius': theme.radius.sm,
        '--sjs-base-unit': '7px',
      },
      isPanelless: true,
    });
    return s;
  }, [model, locale, readOnly, theme.radius.sm]);

  const silentCheck = useMemo(() => silentSurveyChecker(model), [model]);
  useEffect(() => {
    const check = () => callbacks.current.onProblems?.(silentCheck(survey.data));
    check();
    const changed = () => {
      callbacks.current.onData?.(survey.data as Record<string, unknown>);
      check();
    };
    survey.onValueChanged.add(changed);
    return () => survey.onValueChanged.remove(changed);
  }, [survey, silentCheck]);

  useEffect(() => registerReveal?.(() => void survey.validate(true, true, undefined, true)), [survey, registerReveal]);

  return <Survey model={survey} />;
}
