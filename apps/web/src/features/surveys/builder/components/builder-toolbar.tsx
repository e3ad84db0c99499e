import type { TJsonObject } from '@impact/domain';
import { ActionIcon, Badge, Button, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NATIVE_NAMES } from '../../../../lib/language-names';
import type { THistory } from '../model/history';
import { SURVEY_LANGUAGES, type TSurveyLanguage } from '../model/localised';
import { addPage } from '../model/operations';
import { totalPoints } from '../model/quiz';
import { questionsInOrder } from '../model/tree';
import { byId, useBuilder } from './builder-context';

type Props = {
  history: THistory<TJsonObject>;
  onUndo: () => void;
  onRedo: () => void;
  onLanguage: (lang: TSurveyLanguage) => void;
};

/** The language being written, undo and redo, a new page, and a quiz's total. */
export function BuilderToolbar({ history, onUndo, onRedo, onLanguage }: Props) {
  const { t } = useTranslation();
  const { model, lang, quiz, apply, announce, focusLater } = useBuilder();
  const scored = questionsInOrder(model).filter(({ element }) => element.correctAnswer !== undefined).length;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500} id="builder-language-label">
          {t('surveys.builder.language')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="builder-language-label"
          value={lang}
          onChange={(v) => onLanguage(v as TSurveyLanguage)}
          // Each language by its own name, as the call editor's switch names them.
          data={SURVEY_LANGUAGES.map((l) => ({
            value: l,
            label: (
              <span lang={l} key={l}>
                {NATIVE_NAMES[l]}
              </span>
            ),
          }))}
        />
      </Group>
      <Group gap={4} wrap="wrap">
        {quiz && (
          <Badge color="teal" variant="light" data-testid="quiz-total">
            {t('surveys.builder.quiz.total', { points: totalPoints(model), scored })}
          </Badge>
        )}
        <Tooltip label={t('surveys.builder.undoShortcut')}>
          <ActionIcon
            variant="default"
            aria-label={t('surveys.builder.undo')}
            disabled={!history.past.length}
            onClick={onUndo}
          >
            <IconArrowBackUp size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('surveys.builder.redoShortcut')}>
          <ActionIcon
            variant="default"
            aria-label={t('surveys.builder.redo')}
            disabled={!history.future.length}
            onClick={onRedo}
          >
            <IconArrowForwardUp size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => {
            const { model: next, page } = addPage(model);
            apply(next);
            announce(t('surveys.builder.announce.pageAdded', { n: page + 1 }));
            focusLater(byId(`page-${page}-title`));
          }}
        >
          {t('surveys.builder.addPage')}
        </Button>
      </Group>
    </Group>
  );
}
