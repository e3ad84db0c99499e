import {
  RECOMMENDATIONS,
  reviewProblems,
  scoreOffScale,
  type TCriterion,
  type TCriterionScore,
  type TRecommendation,
  type TReviewWorkspace,
  weightedScore,
} from '@impact/domain';
import { Alert, Button, Card, Group, NumberInput, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { fixedNumber } from '../../../lib/number-formats';
import { problemText } from '../../../lib/problem-text';
import { reviewKeys } from '../api/keys';
import { saveReview, useSubmitReview } from '../api/reviewer';

type Draft = { scores: TCriterionScore[]; recommendation: TRecommendation | null; comment: string };
type SaveState = 'idle' | 'saving' | 'saved' | 'stale' | 'error';

const AUTOSAVE_MS = 800;

/** The form's heading: the page puts the keyboard there once the review is submitted. */
export const REVIEW_FORM_TITLE = 'review-form-title';

/** The form's fields as the workspace's review holds them (every criterion, scored or not). */
function draftOf(ws: TReviewWorkspace): Draft {
  return {
    scores: ws.criteria.map(
      (c) => ws.review.scores.find((s) => s.criterionId === c.id) ?? { criterionId: c.id, score: null, comment: '' },
    ),
    recommendation: ws.review.recommendation,
    comment: ws.review.comment,
  };
}

/**
 * What a save sends: a score off its scale is sent as the one last saved for that criterion (the
 * server refuses an off-scale score, and with it the rest of the save), while the field keeps what
 * was typed and says what is wrong until it is mended.
 */
function savable(criteria: readonly TCriterion[], d: Draft, lastSaved: ReadonlyMap<string, number | null>): Draft {
  return {
    ...d,
    scores: d.scores.map((s) => {
      const c = criteria.find((x) => x.id === s.criterionId);
      return c && scoreOffScale(c, s.score) ? { ...s, score: lastSaved.get(s.criterionId) ?? null } : s;
    }),
  };
}

const scoresOf = (scores: readonly TCriterionScore[]) => new Map(scores.map((s) => [s.criterionId, s.score]));

/**
 * The scoring form. It saves itself a moment after each change, naming the version it started
 * from (like the wizard): a newer save from another tab makes the server refuse, and the form
 * says so instead of overwriting it.
 */
export function ScoringForm({ ws }: { ws: TReviewWorkspace }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const submit = useSubmitReview(ws.assignmentId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(ws));
  const version = useRef(ws.review.version);
  const lastSaved = useRef(scoresOf(ws.review.scores));
  const [dirty, setDirty] = useState(false);
  const [state, setState] = useState<SaveState>('idle');
  const [showErrors, setShowErrors] = useState(false);
  const submitted = ws.review.submittedAt !== null;

  const inFlight = useRef<Promise<boolean> | null>(null);
  /** One save at a time, each from the version the one before it made (two at once were refused as stale). */
  const flush = async (d: Draft): Promise<boolean> => {
    while (inFlight.current) await inFlight.current;
    setState('saving');
    const run = (async () => {
      try {
        const saved = await saveReview({
          assignmentId: ws.assignmentId,
          version: version.current,
          ...savable(ws.criteria, d, lastSaved.current),
        });
        version.current = saved.version;
        lastSaved.current = scoresOf(saved.scores);
        // The workspace in the cache follows: a later visit starts from this save instead of the
        // answer read before it (an older version, refused as stale). A read of it still under way
        // began before this save: cancelled, so its older answer cannot land after this one.
        const key = reviewKeys.workspace(ws.assignmentId);
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData<TReviewWorkspace>(key, (old) => (old ? { ...old, review: saved } : old));
        setState('saved');
        return true;
      } catch (e) {
        setState(e instanceof ApiError && e.status === 409 ? 'stale' : 'error');
        return false;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    return run;
  };
  // What was typed and is not saved: waiting for its moment, or refused (the connection failed, or
  // another tab saved first).
  const unsaved = dirty || state === 'error' || state === 'stale';
  // A change still waiting for its moment, or whose save failed, is saved when the form goes away
  // (another page), and the browser asks before a tab with one is closed.
  const pending = useRef<Draft | null>(null);
  pending.current = (dirty || state === 'error') && !submitted ? draft : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; it reads the latest change from a ref
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (pending.current || inFlight.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      if (pending.current) void flush(pending.current);
    };
  }, []);

  // A newer review than this form's, read from the server (saved in another tab, or the page drawn
  // from an older copy while it was read again), is taken only while everything typed is saved;
  // what was typed and not saved is never replaced (its save is refused as stale and says so).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reads the form's state only to decide; the server's review is what changes
  useEffect(() => {
    if (ws.review.version <= version.current || unsaved || inFlight.current) return;
    version.current = ws.review.version;
    lastSaved.current = scoresOf(ws.review.scores);
    setDraft(draftOf(ws));
  }, [ws.review]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: flush reads the version from a ref; the draft is what changes
  useEffect(() => {
    if (!dirty || submitted) return;
    const timer = setTimeout(() => {
      setDirty(false);
      void flush(draft);
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [draft, dirty, submitted]);

  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  const setScore = (id: string, patch: Partial<TCriterionScore>) =>
    change({ scores: draft.scores.map((s) => (s.criterionId === id ? { ...s, ...patch } : s)) });
  const problems = reviewProblems(ws.criteria, draft);
  const problemAt = (path: string) => (showErrors ? problems.find((p) => p.path === path)?.messageKey : undefined);
  // The total of what would be saved: a score off its scale counts as the one last saved.
  const total = weightedScore(ws.criteria, savable(ws.criteria, draft, lastSaved.current).scores);

  const send = async () => {
    if (problems.length) return setShowErrors(true);
    setDirty(false);
    if (!(await flush(draft))) return;
    submit.mutate(version.current, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('review.form.submitted') }),
      onError: (e) => notifications.show({ color: 'red', message: problemText(t, e), autoClose: 10_000 }),
    });
  };
  // A submitted review cannot be changed: asked once more, saying so.
  const confirmSend = () => {
    if (problems.length) return setShowErrors(true);
    openConfirmDialog({
      title: t('review.form.confirmTitle'),
      children: <Text size="sm">{t('review.form.confirmText')}</Text>,
      labels: { confirm: t('review.form.submit'), cancel: t('review.form.keepEditing') },
      onConfirm: () => void send(),
    });
  };

  return (
    <Card withBorder>
      <Stack>
        {/* Where the keyboard goes once the review is submitted (the form is drawn again, read only). */}
        <Title order={2} size="h3" id={REVIEW_FORM_TITLE} tabIndex={-1}>
          {t('review.form.title')}
        </Title>
        {state === 'stale' && (
          <Alert color="orange" title={t('review.form.staleTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('review.form.stale')}</Text>
              <Button
                size="xs"
                onClick={() => void queryClient.resetQueries({ queryKey: reviewKeys.workspace(ws.assignmentId) })}
              >
                {t('review.form.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        {ws.criteria.map((c) => {
          const s = draft.scores.find((x) => x.criterionId === c.id);
          return (
            <Stack key={c.id} gap={4}>
              <NumberInput
                label={`${c.name} (${c.min}–${c.max})`}
                description={c.description || undefined}
                min={c.min}
                max={c.max}
                // A score off the scale stays as typed and is named at once, not quietly made the
                // nearest end of the scale when the field is left.
                clampBehavior="none"
                step={1}
                allowDecimal={false}
                required
                readOnly={submitted}
                value={s?.score ?? ''}
                onChange={(v) => setScore(c.id, { score: v === '' ? null : Number(v) })}
                error={
                  scoreOffScale(c, s?.score)
                    ? t('errors.review.scoreOutOfScale')
                    : problemAt(`scores.${c.id}.score`) && t(problemAt(`scores.${c.id}.score`) ?? '')
                }
              />
              <Textarea
                label={t('review.form.commentOn', { name: c.name })}
                required={c.commentRequired}
                autosize
                minRows={1}
                readOnly={submitted}
                value={s?.comment ?? ''}
                onChange={(e) => setScore(c.id, { comment: e.currentTarget.value })}
                error={problemAt(`scores.${c.id}.comment`) && t(problemAt(`scores.${c.id}.comment`) ?? '')}
              />
            </Stack>
          );
        })}
        <Radio.Group
          label={t('review.form.recommendation')}
          required
          value={draft.recommendation ?? ''}
          onChange={(v) => !submitted && change({ recommendation: v as TRecommendation })}
          error={problemAt('recommendation') && t(problemAt('recommendation') ?? '')}
        >
          <Group mt="xs">
            {RECOMMENDATIONS.map((r) => (
              <Radio key={r} value={r} label={t(`review.recommendation.${r}`)} disabled={submitted} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label={t('review.form.comment')}
          autosize
          minRows={2}
          readOnly={submitted}
          value={draft.comment}
          onChange={(e) => change({ comment: e.currentTarget.value })}
        />
        <Text size="sm" data-testid="review-total">
          {t('labelled', { label: t('review.form.total') })} {fixedNumber(total, i18n.language, 1)} / 100
        </Text>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {submitted ? t('review.form.isSubmitted') : state === 'idle' ? '' : t(`review.form.state.${state}`)}
          </Text>
          {!submitted && (
            <Button onClick={confirmSend} loading={submit.isPending}>
              {t('review.form.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
