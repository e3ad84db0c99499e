import type { TCriterion, TRubric, TRubricResponse } from '@impact/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../../lib/problem-text';
import { useSaveRubric } from '../api/admin';

const newCriterion = (): TCriterion => ({
  id: crypto.randomUUID(),
  name: '',
  description: '',
  weight: 1,
  min: 0,
  max: 5,
  commentRequired: false,
});

/** "2026-12-01T09:30" for a datetime-local input, in the browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The call's rubric: criteria with weight and scale, blind review, when reviewing opens, reviewers per submission. */
export function RubricForm({ callId, data }: { callId: string; data: TRubricResponse }) {
  const { t } = useTranslation();
  const save = useSaveRubric(callId);
  const [rubric, setRubric] = useState<TRubric>(
    () => data.rubric ?? { callId, blind: false, opensAt: null, reviewersPerSubmission: 2, criteria: [newCriterion()] },
  );
  const setCriterion = (i: number, patch: Partial<TCriterion>) =>
    setRubric((r) => ({ ...r, criteria: r.criteria.map((c, j) => (j === i ? { ...c, ...patch } : c)) }));
  const submit = () =>
    save.mutate(rubric, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('review.rubric.saved') }),
      onError: (e) => notifications.show({ color: 'red', message: problemText(t, e), autoClose: 10_000 }),
    });

  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h3">
          {t('review.rubric.title')}
        </Title>
        {data.locked && <Alert color="orange">{t('review.rubric.locked')}</Alert>}
        <Group align="flex-end" wrap="wrap">
          <Switch
            label={t('review.rubric.blind')}
            description={t('review.rubric.blindHint')}
            checked={rubric.blind}
            onChange={(e) => setRubric({ ...rubric, blind: e.currentTarget.checked })}
          />
          <TextInput
            type="datetime-local"
            label={t('review.rubric.opensAt')}
            description={t('review.rubric.opensAtHint')}
            value={toLocalInput(rubric.opensAt)}
            onChange={(e) =>
              setRubric({
                ...rubric,
                opensAt: e.currentTarget.value ? new Date(e.currentTarget.value).toISOString() : null,
              })
            }
          />
          <NumberInput
            label={t('review.rubric.perSubmission')}
            min={1}
            max={10}
            value={rubric.reviewersPerSubmission}
            onChange={(v) => setRubric({ ...rubric, reviewersPerSubmission: Number(v) || 1 })}
          />
        </Group>
        {rubric.criteria.map((c, i) => (
          <Card key={c.id} withBorder padding="sm">
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label={t('review.rubric.criterionName')}
                  required
                  value={c.name}
                  onChange={(e) => setCriterion(i, { name: e.currentTarget.value })}
                  disabled={data.locked}
                />
                <NumberInput
                  label={t('review.rubric.weight')}
                  min={0.1}
                  step={0.5}
                  value={c.weight}
                  onChange={(v) => setCriterion(i, { weight: Number(v) || 1 })}
                  disabled={data.locked}
                  w={110}
                />
                <NumberInput
                  label={t('review.rubric.min')}
                  min={0}
                  max={99}
                  value={c.min}
                  onChange={(v) => setCriterion(i, { min: Number(v) || 0 })}
                  disabled={data.locked}
                  w={100}
                />
                <NumberInput
                  label={t('review.rubric.max')}
                  min={1}
                  max={100}
                  value={c.max}
                  onChange={(v) => setCriterion(i, { max: Number(v) || 1 })}
                  disabled={data.locked}
                  w={100}
                />
                <Checkbox
                  label={t('review.rubric.commentRequired')}
                  checked={c.commentRequired}
                  onChange={(e) => setCriterion(i, { commentRequired: e.currentTarget.checked })}
                  disabled={data.locked}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('review.rubric.removeCriterion', { name: c.name || i + 1 })}
                  disabled={data.locked || rubric.criteria.length === 1}
                  onClick={() => setRubric({ ...rubric, criteria: rubric.criteria.filter((_, j) => j !== i) })}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              <Textarea
                label={t('review.rubric.description')}
                autosize
                minRows={1}
                value={c.description}
                onChange={(e) => setCriterion(i, { description: e.currentTarget.value })}
                disabled={data.locked}
              />
            </Stack>
          </Card>
        ))}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            disabled={data.locked}
            onClick={() => setRubric({ ...rubric, criteria: [...rubric.criteria, newCriterion()] })}
          >
            {t('review.rubric.addCriterion')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('review.rubric.save')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('review.rubric.scoreHint')}
        </Text>
      </Stack>
    </Card>
  );
}
