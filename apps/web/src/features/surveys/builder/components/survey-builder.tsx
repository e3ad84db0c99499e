import type { TJsonObject } from '@impact/domain';
import { Grid, Paper, Stack, Tabs, Title, VisuallyHidden } from '@mantine/core';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modelFromText, textAfterBuilder } from '../model/document';
import { pushHistory, redo, startHistory, type THistory, undo } from '../model/history';
import type { TSurveyLanguage } from '../model/localised';
import { pagesOf, type TElementPath } from '../model/tree';
import { BuilderContext, type TBuilderContext } from './builder-context';
import { BuilderToolbar } from './builder-toolbar';
import { JsonTab } from './json-tab';
import { PageSection } from './page-section';
import { SurveyPreview } from './survey-preview';

export type SurveyBuilderProps = {
  /** The SurveyJS JSON as text: what is saved. */
  value: string;
  onChange: (text: string) => void;
  quiz: boolean;
  /** Where the live preview goes: a column beside the builder (a page), or a tab (inside a form). */
  preview: 'beside' | 'tab';
  /** The heading level of the builder's pages in the surrounding page. */
  headingLevel?: 2 | 3 | 4;
};

const EMPTY: TJsonObject = { pages: [{ name: 'page1', elements: [] }] };

/**
 * The visual survey builder: questions as cards on pages, each edited in place, conditions from
 * pickers, quiz answers and points, texts in three languages, undo and redo, a JSON tab for power
 * users and a live preview. It edits SurveyJS JSON and keeps every property it does not know.
 */
export function SurveyBuilder({ value, onChange, quiz, preview, headingLevel = 2 }: SurveyBuilderProps) {
  const { t } = useTranslation();
  const [history, setHistory] = useState<THistory<TJsonObject>>(() => startHistory(modelFromText(value) ?? EMPTY));
  const [jsonText, setJsonText] = useState(value);
  const [tab, setTab] = useState<string>(() => (modelFromText(value) ? 'builder' : 'json'));
  const [jsonError, setJsonError] = useState(false);
  const [lang, setLang] = useState<TSurveyLanguage>('it');
  const [open, setOpenKeys] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [pendingFocus, setPendingFocus] = useState<string[] | null>(null);
  const emitted = useRef(value);
  const lastTyping = useRef<string | undefined>(undefined);
  const dragging = useRef<TElementPath | null>(null);
  const model = history.present;

  const emit = useCallback(
    (text: string) => {
      emitted.current = text;
      onChange(text);
    },
    [onChange],
  );

  // A new text from outside (a survey type picked, a template applied, a saved model loaded) replaces the model.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setJsonText(value);
    const parsed = modelFromText(value);
    // Another survey altogether: its own history, nothing open.
    if (parsed) {
      setHistory(startHistory(parsed));
      setOpenKeys(new Set());
    } else setTab('json');
  }, [value]);

  useEffect(() => {
    if (!pendingFocus) return;
    for (const selector of pendingFocus) {
      const target = document.querySelector<HTMLElement>(selector);
      if (target && !target.hasAttribute('disabled')) {
        target.focus();
        break;
      }
    }
    setPendingFocus(null);
  }, [pendingFocus]);

  const show = (next: THistory<TJsonObject>) => {
    setHistory(next);
    lastTyping.current = undefined;
    emit(textAfterBuilder(jsonText, next.present));
  };

  const context: TBuilderContext = {
    model,
    lang,
    quiz,
    headingLevel,
    dragging,
    apply: (next, typingIn) => {
      const merge = typingIn !== undefined && typingIn === lastTyping.current;
      lastTyping.current = typingIn;
      setHistory(pushHistory(history, next, merge));
      emit(textAfterBuilder(jsonText, next));
    },
    announce: (message) => setAnnouncement(message),
    focusLater: (...selectors) => setPendingFocus(selectors),
    isOpen: (key) => open.has(key),
    setOpen: (key, isOpen) =>
      setOpenKeys((keys) => {
        const next = new Set(keys);
        if (isOpen) next.add(key);
        else next.delete(key);
        return next;
      }),
  };

  const changeTab = (next: string | null) => {
    if (!next || next === tab) return;
    if (tab === 'json') {
      const parsed = modelFromText(jsonText);
      if (!parsed) {
        setJsonError(true);
        return;
      }
      if (JSON.stringify(parsed) !== JSON.stringify(model)) setHistory(pushHistory(history, parsed));
    }
    if (next === 'json') setJsonText(textAfterBuilder(jsonText, model));
    setJsonError(false);
    setTab(next);
  };

  // Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) outside text fields, where the browser's own undo applies.
  const onKeyDown = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (tab !== 'builder' || target.closest('input, textarea, [contenteditable="true"]')) return;
    if (!(e.ctrlKey || e.metaKey)) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) {
      e.preventDefault();
      show(undo(history));
    } else if ((key === 'z' && e.shiftKey) || key === 'y') {
      e.preventDefault();
      show(redo(history));
    }
  };

  const previewModel = useMemo(
    () => (tab === 'json' ? (modelFromText(jsonText) ?? model) : model),
    [tab, jsonText, model],
  );
  const pages = pagesOf(model);

  const builder = (
    <Tabs value={tab} onChange={changeTab} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="builder">{t('surveys.builder.tabs.builder')}</Tabs.Tab>
        <Tabs.Tab value="json">{t('surveys.builder.tabs.json')}</Tabs.Tab>
        {preview === 'tab' && <Tabs.Tab value="preview">{t('surveys.builder.tabs.preview')}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="builder" pt="sm">
        <Stack gap="sm">
          <BuilderToolbar
            history={history}
            onUndo={() => show(undo(history))}
            onRedo={() => show(redo(history))}
            onLanguage={setLang}
          />
          {pages.map((page, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: pages may have no name; their place is their identity
            <PageSection key={i} page={page} index={i} count={pages.length} />
          ))}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="json" pt="sm">
        <JsonTab
          text={jsonText}
          invalid={jsonError}
          onChange={(text) => {
            setJsonText(text);
            setJsonError(false);
            emit(text);
          }}
        />
      </Tabs.Panel>
      {preview === 'tab' && (
        <Tabs.Panel value="preview" pt="sm">
          <SurveyPreview model={previewModel} lang={lang} headingLevel={headingLevel} />
        </Tabs.Panel>
      )}
    </Tabs>
  );

  return (
    <BuilderContext.Provider value={context}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the shortcuts only repeat the undo and redo buttons */}
      <div onKeyDown={onKeyDown} data-testid="survey-builder">
        <VisuallyHidden role="status" aria-live="polite" data-testid="builder-announcer">
          {announcement}
        </VisuallyHidden>
        {preview === 'beside' ? (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>{builder}</Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Paper withBorder p="md" radius="md" component="section" aria-labelledby="survey-preview-title">
                <Title order={headingLevel} size="h4" mb="sm" id="survey-preview-title">
                  {t('surveys.creator.preview')}
                </Title>
                <SurveyPreview model={previewModel} lang={lang} headingLevel={headingLevel} />
              </Paper>
            </Grid.Col>
          </Grid>
        ) : (
          builder
        )}
      </div>
    </BuilderContext.Provider>
  );
}
