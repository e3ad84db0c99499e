import { IMPACT_FRAMEWORK_LANGUAGE } from '@impact/domain';
import type { ComboboxItem } from '@mantine/core';
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';

/** The framework's language for its own texts; none for what an applicant wrote (a custom outcome's name). */
const langOf = (fromFramework: boolean) => (fromFramework ? IMPACT_FRAMEWORK_LANGUAGE : undefined);

/**
 * A text of an impact framework (an outcome's, a stakeholder's, an indicator's or a proxy's name)
 * marked with the language it is written in, which need not be the page's (WCAG 3.1.2).
 */
export function FrameworkText({ children, fromFramework = true }: { children: ReactNode; fromFramework?: boolean }) {
  return <span lang={langOf(fromFramework)}>{children}</span>;
}

/**
 * A translated sentence whose `<0>…</0>`, `<1>…</1>` parts hold names; each part is marked with
 * the framework's language where `fromFramework` says it is the framework's (all, unless told).
 */
export function WithFrameworkNames({
  i18nKey,
  values,
  fromFramework = [true],
}: {
  i18nKey: string;
  values: Record<string, string>;
  fromFramework?: boolean[];
}) {
  const parts = fromFramework.map((framework, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts are numbered in the sentence
    <span key={i} lang={langOf(framework)} />
  ));
  return <Trans i18nKey={i18nKey} values={values} components={parts} />;
}

/** A picker's option naming a framework text (a Select's `renderOption`). */
export const frameworkOption = ({ option }: { option: ComboboxItem }) => <FrameworkText>{option.label}</FrameworkText>;
