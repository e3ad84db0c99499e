import {
  DEFAULT_LANGUAGE,
  isEmptyId,
  moveStep,
  newStepDraft,
  removeStep,
  sortSteps,
  stagesInterleaved,
  type TLanguage,
  type TStepType,
  textsIn,
  translatedOr,
} from '@impact/domain';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../../components/plain-list';
import { refocusIfLost } from '../../../lib/refocus-if-lost';
import { type DraftStep, newKey, type UnfinishedStep } from '../call-draft';
import { missingStepTexts } from '../content-language';
import { stepTypeLabel } from './labels';
import { StepForm } from './step-form';

type Props = {
  steps: DraftStep[];
  stepTypes: TStepType[];
  showErrors: boolean;
  onChange: (steps: DraftStep[]) => void;
  /** The language the steps' texts are shown and edited in. */
  language?: TLanguage;
  /** The line above the steps: how they are saved (with the call, or a report form's own button). */
  help?: string;
  /** A grant report's form: no stages, and its own words where a call's would mislead. */
  reportForm?: boolean;
  /** Steps applicants could not answer yet: marked on their row, listed once a publish stopped on them. */
  unfinished?: UnfinishedStep[];
};

/** Call editor, steps tab (SPEC 4 "Step ordering" and "Step edit"). */
export function StepsTab({
  steps,
  stepTypes,
  showErrors,
  onChange,
  language = DEFAULT_LANGUAGE,
  help,
  reportForm = false,
  unfinished = [],
}: Props) {
  const { t } = useTranslation();
  const [editingKey, setEditingKey] = useState<string | null>(null);
  /** A step added and not yet saved by its form: Cancel takes it away again. */
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const ordered = sortSteps(steps);
  const typeName = (id: string) => stepTypes.find((s) => s.id === id)?.name;
  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  /** Where the keyboard goes once the form closes: the step's row (its edit button), or Add when it went away. */
  const [returnTo, setReturnTo] = useState<string | 'add' | null>(null);
  useEffect(() => {
    if (!returnTo) return;
    setReturnTo(null);
    if (returnTo === 'add') return addButton.current?.focus();
    list.current?.querySelector<HTMLElement>(`[data-step-key="${returnTo}"] [data-step-edit]`)?.focus();
  }, [returnTo]);

  const add = () => {
    const step: DraftStep = { ...newStepDraft(steps), key: newKey() };
    onChange([...ordered, step]);
    setEditingKey(step.key);
    setAddedKey(step.key);
  };
  /** Opens another step's form: a step just added and never saved goes, as Cancel would take it. */
  const edit = (key: string) => {
    if (addedKey && addedKey !== key) {
      const index = ordered.findIndex((s) => s.key === addedKey);
      if (index >= 0) onChange(removeStep(ordered, index));
      setAddedKey(null);
    }
    setEditingKey(key);
  };
  const close = (key: string, saved: boolean) => {
    const dropped = !saved && key === addedKey;
    if (dropped)
      onChange(
        removeStep(
          ordered,
          ordered.findIndex((s) => s.key === key),
        ),
      );
    setAddedKey(null);
    setEditingKey(null);
    setReturnTo(dropped ? 'add' : key);
  };
  const editing = ordered.find((s) => s.key === editingKey);
  const missingType = ordered.some((s) => isEmptyId(s.stepTypeId));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {help ?? t('callBuilder.steps.help')}
        </Text>
        <Button ref={addButton} leftSection={<IconPlus size={16} />} onClick={add} variant="light">
          {t('callBuilder.steps.add')}
        </Button>
      </Group>
      {showErrors && missingType && (
        // Focusable: a Save it stopped takes the keyboard here (the call editor).
        <Alert color="red" tabIndex={-1} data-save-problem>
          {t('errors.calls.stepTypeRequired')}
        </Alert>
      )}
      {showErrors && unfinished.length > 0 && (
        // Focusable, as the alert above: a publish it stopped takes the keyboard here.
        <Alert color="red" tabIndex={-1} data-save-problem title={t('callBuilder.steps.unfinishedTitle')}>
          <PlainList gap={4}>
            {unfinished.map((problem) => (
              <li key={`${problem.key}-${problem.messageKey}`}>{t(problem.messageKey, { step: problem.step })}</li>
            ))}
          </PlainList>
        </Alert>
      )}
      {!reportForm && stagesInterleaved(ordered.map((step) => ({ stage: step.stage ?? 1 }))) && (
        <Alert color="yellow" data-testid="stages-interleaved">
          {t('callBuilder.steps.stagesInterleaved')}
        </Alert>
      )}
      {ordered.length === 0 ? (
        <Text c="dimmed">{t(reportForm ? 'callBuilder.reportForm.empty' : 'callBuilder.steps.empty')}</Text>
      ) : (
        <PlainList ref={list} ordered gap="xs" aria-label={t('callBuilder.steps.listLabel')}>
          {ordered.map((step, index) => {
            const label =
              translatedOr(textsIn(step.translations, language)?.name, step.name).trim() ||
              t('callBuilder.steps.untitled');
            const missing = missingStepTexts(step, language).length;
            const type = typeName(step.stepTypeId);
            return (
              <Paper
                key={step.key}
                component="li"
                withBorder
                p="sm"
                radius="md"
                data-testid="step-row"
                data-step-key={step.key}
                bg={step.key === editingKey ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <Badge variant="outline" color="gray" circle size="lg">
                      {index + 1}
                    </Badge>
                    <Stack gap={0} miw={0}>
                      <Group gap={6} miw={0}>
                        <Text fw={600} truncate data-testid="step-name">
                          {label}
                        </Text>
                        {missing > 0 && (
                          <Badge size="xs" color="orange" variant="light">
                            {t('callBuilder.translations.missing', { count: missing })}
                          </Badge>
                        )}
                        {unfinished.some((problem) => problem.key === step.key) && (
                          <Badge size="xs" color="red" variant="light" data-testid="step-unfinished">
                            {t('callBuilder.steps.unfinishedBadge')}
                          </Badge>
                        )}
                        {step.stage === 2 && (
                          <Badge size="xs" color="grape" variant="light" data-testid="step-stage">
                            {t('callBuilder.steps.stageBadge', { stage: 2 })}
                          </Badge>
                        )}
                      </Group>
                      {type ? (
                        // On the highlighted row (the step being edited) dimmed grey lacks contrast.
                        <Text size="xs" c={step.key === editingKey ? 'gray.8' : 'dimmed'}>
                          {stepTypeLabel(t, type)}
                        </Text>
                      ) : (
                        <Badge color="orange" variant="light" size="sm">
                          {t('callBuilder.steps.noType')}
                        </Badge>
                      )}
                    </Stack>
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('callBuilder.steps.moveUp')}>
                      <ActionIcon
                        variant="subtle"
                        disabled={index === 0}
                        aria-label={`${t('labelled', { label: t('callBuilder.steps.moveUp') })} ${label}`}
                        data-move="up"
                        onClick={(e) => {
                          onChange(moveStep(ordered, index, 'up'));
                          if (index === 1) keepMovingFocus(e.currentTarget, 'down');
                        }}
                      >
                        <IconArrowUp size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('callBuilder.steps.moveDown')}>
                      <ActionIcon
                        variant="subtle"
                        disabled={index === ordered.length - 1}
                        aria-label={`${t('labelled', { label: t('callBuilder.steps.moveDown') })} ${label}`}
                        data-move="down"
                        onClick={(e) => {
                          onChange(moveStep(ordered, index, 'down'));
                          if (index === ordered.length - 2) keepMovingFocus(e.currentTarget, 'up');
                        }}
                      >
                        <IconArrowDown size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('callBuilder.steps.edit')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('labelled', { label: t('callBuilder.steps.edit') })} ${label}`}
                        data-step-edit
                        onClick={() => edit(step.key)}
                      >
                        <IconEdit size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('callBuilder.steps.remove')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t('labelled', { label: t('callBuilder.steps.remove') })} ${label}`}
                        onClick={() => {
                          if (editingKey === step.key) setEditingKey(null);
                          onChange(removeStep(ordered, index));
                          setReturnTo('add');
                        }}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </PlainList>
      )}
      {editing && (
        <StepForm
          key={editing.key}
          step={editing}
          position={ordered.indexOf(editing) + 1}
          stepTypes={stepTypes}
          language={language}
          stages={!reportForm}
          onCancel={() => close(editing.key, false)}
          onSave={(saved) => {
            onChange(ordered.map((s) => (s.key === saved.key ? { ...saved, sort: s.sort } : s)));
            close(saved.key, true);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * A step moved to the top (or the bottom) disables the button just pressed, and the keyboard's
 * focus fell to the page's top: it goes to the same step's other arrow instead. Only then: a
 * browser that does not focus a clicked button leaves the focus elsewhere on every other move.
 */
function keepMovingFocus(pressed: HTMLElement, other: 'up' | 'down') {
  const arrows = pressed.parentElement;
  refocusIfLost(() => arrows?.querySelector<HTMLElement>(`[data-move="${other}"]`));
}
