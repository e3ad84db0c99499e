import {
  issueToFieldError,
  type TCriterion,
  type TFieldError,
  type TRubric,
  type TRubricResponse,
  ZRubric,
} from '@impact/domain';
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
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field';
import { ApiError } from '../../../lib/api-client';
import { amountSeparators } from '../../../lib/number-formats';
import { fromPickerValue, toPickerValue } from '../../../lib/picker-values';
import { problemText } from '../../../lib/problem-text';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useSaveRubric } from '../api/admin';

/** ZRubric's limit on criteria. */
const MAX_CRITERIA = 30;

/** A number field being typed may be empty: it is checked at Save, never replaced by a default. */
type Typed = number | '';
type CriterionDraft = Omit<TCriterion, 'weight' | 'min' | 'max'> & { weight: Typed; min: Typed; max: Typed };
type RubricDraft = Omit<TRubric, 'reviewersPerSubmission' | 'criteria'> & {
  reviewersPerSubmission: Typed;
  criteria: CriterionDraft[];
};
const typed = (v: string | number): Typed => (v === '' || Number.isNaN(Number(v)) ? '' : Number(v));
const asNumber = (v: Typed) => (v === '' ? undefined : v);

const newCriterion = (): CriterionDraft => ({
  id: crypto.randomUUID(),
  name: '',
  description: '',
  weight: 1,
  min: 0,
  max: 5,
  commentRequired: false,
});

/** The call's rubric: criteria with weight and scale, blind review, when reviewing opens, reviewers per submission. */
export function RubricForm({ callId, data }: { callId: string; data: TRubricResponse }) {
  const { t, i18n } = useTranslation();
  const save = useSaveRubric(callId);
  const form = useRef<HTMLDivElement>(null);
  // The keyboard goes to the first field with a problem, once the messages are drawn.
  const focusFirstProblem = () =>
    window.requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const [rubric, setRubric] = useState<RubricDraft>(
    () => data.rubric ?? { callId, blind: false, opensAt: null, reviewersPerSubmission: 2, criteria: [newCriterion()] },
  );
  // The rubric as last saved (or as found): leaving with anything else asks first.
  const [savedRubric, setSavedRubric] = useState(rubric);
  useUnsavedChanges(JSON.stringify(rubric) !== JSON.stringify(savedRubric));
  // The problems found at Save, on their fields (the domain's rules, then the server's answer).
  const [problems, setProblems] = useState<TFieldError[]>([]);
  const errorOf = (path: string) => {
    const found = problems.find((p) => p.path === path);
    return found ? t(found.messageKey, { ...(found.params ?? {}) }) : undefined;
  };
  // Problems no field shows (too many criteria, two with one id): said above the Save button.
  const FIELD = /^(reviewersPerSubmission|criteria\.\d+\.(name|weight|min|max|description))$/;
  const unplaced = problems.filter((p) => !FIELD.test(p.path));
  const setCriterion = (i: number, patch: Partial<CriterionDraft>) =>
    setRubric((r) => ({ ...r, criteria: r.criteria.map((c, j) => (j === i ? { ...c, ...patch } : c)) }));
  const submit = () => {
    const checked = ZRubric.safeParse({
      ...rubric,
      reviewersPerSubmission: asNumber(rubric.reviewersPerSubmission),
      criteria: rubric.criteria.map((c) => ({
        ...c,
        weight: asNumber(c.weight),
        min: asNumber(c.min),
        max: asNumber(c.max),
      })),
    });
    if (!checked.success) {
      setProblems(checked.error.issues.map(issueToFieldError));
      focusFirstProblem();
      return;
    }
    setProblems([]);
    const sent = rubric;
    save.mutate(checked.data, {
      onSuccess: () => {
        setSavedRubric(sent);
        notifications.show({ color: 'teal', message: t('review.rubric.saved') });
      },
      onError: (e) => {
        if (e instanceof ApiError && e.problem.errors?.length) {
          setProblems(e.problem.errors);
          focusFirstProblem();
        }
        notifications.show({ color: 'red', message: problemText(t, e), autoClose: 10_000 });
      },
    });
  };

  return (
    <Card withBorder ref={form}>
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
          <DateTimeField
            label={t('review.rubric.opensAt')}
            description={t('review.rubric.opensAtHint')}
            value={toPickerValue(rubric.opensAt)}
            onChange={(value) => setRubric({ ...rubric, opensAt: fromPickerValue(value) })}
            clearable
          />
          <NumberInput
            label={t('review.rubric.perSubmission')}
            min={1}
            max={10}
            value={rubric.reviewersPerSubmission}
            onChange={(v) => setRubric({ ...rubric, reviewersPerSubmission: typed(v) })}
            error={errorOf('reviewersPerSubmission')}
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
                  error={errorOf(`criteria.${i}.name`)}
                  disabled={data.locked}
                />
                <NumberInput
                  label={t('review.rubric.weight')}
                  min={0.1}
                  step={0.5}
                  value={c.weight}
                  onChange={(v) => setCriterion(i, { weight: typed(v) })}
                  {...amountSeparators(i18n.language)}
                  error={errorOf(`criteria.${i}.weight`)}
                  disabled={data.locked}
                  w={110}
                />
                <NumberInput
                  label={t('review.rubric.min')}
                  min={0}
                  max={99}
                  value={c.min}
                  onChange={(v) => setCriterion(i, { min: typed(v) })}
                  error={errorOf(`criteria.${i}.min`)}
                  disabled={data.locked}
                  w={100}
                />
                <NumberInput
                  label={t('review.rubric.max')}
                  min={1}
                  max={100}
                  value={c.max}
                  onChange={(v) => setCriterion(i, { max: typed(v) })}
                  error={errorOf(`criteria.${i}.max`)}
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
                error={errorOf(`criteria.${i}.description`)}
                disabled={data.locked}
              />
            </Stack>
          </Card>
        ))}
        {unplaced.length > 0 && (
          <Alert color="red" role="alert">
            {unplaced.map((p) => t(p.messageKey, { ...(p.params ?? {}) })).join(' ')}
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            disabled={data.locked || rubric.criteria.length >= MAX_CRITERIA}
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
