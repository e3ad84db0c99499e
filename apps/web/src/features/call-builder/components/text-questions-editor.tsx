import type { TTextQuestion } from '@impact/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { withMaxLength } from './length-limit';

type Props = { questions: TTextQuestion[]; onChange: (questions: TTextQuestion[]) => void; showErrors: boolean };

/** A fresh id: answers and translations name the question by it, so it never changes afterwards. */
function newId(questions: TTextQuestion[]): string {
  const taken = new Set(questions.map((q) => q.id));
  let n = questions.length + 1;
  while (taken.has(`q${n}`)) n++;
  return `q${n}`;
}

/** A text step's questions: label, help, limit and required mark of each; added, moved and removed here. */
export function TextQuestionsEditor({ questions, onChange, showErrors }: Props) {
  const { t } = useTranslation();
  // Said to screen readers after a move, since the focused button stays where it was.
  const [announcement, setAnnouncement] = useState('');
  const update = (index: number, patch: Partial<TTextQuestion>) =>
    onChange(questions.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= questions.length) return;
    const next = [...questions];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    onChange(next);
    setAnnouncement(t('callBuilder.text.moved', { label: moved.label || moved.id, n: to + 1 }));
  };

  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        {t('callBuilder.text.questions')}
      </Text>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {questions.map((q, index) => {
        const n = index + 1;
        return (
          <Paper key={q.id} withBorder p="sm" radius="md" data-testid="text-question-row">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  {t('callBuilder.text.questionN', { n })}
                </Text>
                <Group gap={4}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('callBuilder.text.moveUp', { n })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('callBuilder.text.moveDown', { n })}
                    disabled={index === questions.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('callBuilder.text.remove', { n })}
                    disabled={questions.length === 1}
                    onClick={() => onChange(questions.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
              <TextInput
                label={t('callBuilder.text.label')}
                required
                value={q.label}
                maxLength={300}
                onChange={(e) => update(index, { label: e.currentTarget.value })}
                error={showErrors && !q.label.trim() ? t('errors.field.required') : undefined}
                data-testid="text-question-label"
              />
              <GrowingTextarea
                label={t('callBuilder.text.help')}
                value={q.help ?? ''}
                maxLength={2000}
                minRows={1}
                maxRows={6}
                onChange={(e) => {
                  const { help: _old, ...rest } = q;
                  const help = e.currentTarget.value;
                  onChange(questions.map((x, i) => (i === index ? (help ? { ...rest, help } : rest) : x)));
                }}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label={t('callBuilder.text.maxLength')}
                  description={t('callBuilder.text.maxLengthHelp')}
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  value={q.maxLength ?? ''}
                  onChange={(v) => onChange(questions.map((x, i) => (i === index ? withMaxLength(q, v) : x)))}
                />
                <Stack gap="xs" mt={{ sm: 'xl' }}>
                  <Checkbox
                    label={t('callBuilder.text.required')}
                    checked={q.required}
                    onChange={(e) => update(index, { required: e.currentTarget.checked })}
                  />
                  <Checkbox
                    label={t('callBuilder.text.numberOnly')}
                    description={t('callBuilder.text.numberOnlyHelp')}
                    checked={q.kind === 'number'}
                    onChange={(e) => {
                      const { kind: _old, ...rest } = q;
                      const next = e.currentTarget.checked ? { ...rest, kind: 'number' as const } : rest;
                      onChange(questions.map((x, i) => (i === index ? next : x)));
                    }}
                  />
                </Stack>
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => onChange([...questions, { id: newId(questions), label: '', required: true }])}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('callBuilder.text.addQuestion')}
      </Button>
    </Stack>
  );
}
