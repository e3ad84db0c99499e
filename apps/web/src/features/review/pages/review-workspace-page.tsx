import { Alert, Anchor, Breadcrumbs, Card, Center, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { fixedNumber } from '../../../lib/number-formats';
import { usePageTitle } from '../../../lib/page-title';
import { problemText } from '../../../lib/problem-text';
import { useMyAssignments, useOtherReviews, useWorkspace } from '../api/reviewer';
import { ConflictDeclaration } from '../components/conflict-declaration';
import { REVIEW_FORM_TITLE, ScoringForm } from '../components/scoring-form';
import { SubmissionView } from '../components/submission-view';

/** /review/:assignmentId — the submission read-only beside the scoring form. */
export function ReviewWorkspacePage() {
  const { assignmentId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const mine = useMyAssignments();
  const assignment = mine.data?.find((a) => a.assignmentId === assignmentId);
  const declared = !!assignment && assignment.status !== 'declareConflict';
  const ws = useWorkspace(assignmentId, declared);
  const others = useOtherReviews(assignmentId, !!ws.data?.review.submittedAt);
  usePageTitle(assignment ? `${t('review.workspace.title')} · ${assignment.callName}` : t('review.workspace.title'));
  // The keyboard follows what the reviewer did: the page redraws around a declaration (the
  // submission appears) and a submitted review (the form turns read only), and would drop it.
  // What the page first showed, once it knows (the assignments loaded): a reload of a declared or
  // submitted review moves nothing; only a change made here does.
  const title = useRef<HTMLHeadingElement>(null);
  const seen = useRef<{ declared: boolean; submitted: boolean } | null>(null);
  const submitted = !!ws.data?.review.submittedAt;
  useEffect(() => {
    if (!assignment || (declared && !ws.data)) return;
    const before = seen.current;
    seen.current = { declared, submitted };
    if (!before) return;
    if (declared && !before.declared) title.current?.focus();
    else if (submitted && !before.submitted) document.getElementById(REVIEW_FORM_TITLE)?.focus();
  }, [assignment, declared, submitted, ws.data]);

  const back = (
    <Breadcrumbs>
      <Anchor component={Link} to="/review">
        {t('review.mine.title')}
      </Anchor>
      <Text>{t('review.workspace.title')}</Text>
    </Breadcrumbs>
  );
  if (mine.isPending || (declared && ws.isPending))
    return (
      <Center mih="40vh">
        <Loader aria-label={t('review.loading')} />
      </Center>
    );
  // A reviewer who has joined the organization since the assignment may still declare the conflict.
  const joined = ws.error instanceof ApiError && ws.error.problem.messageKey === 'errors.review.joinedOrganization';
  // A failed refresh of a workspace already shown keeps it (and the scores being typed).
  if (!assignment || (ws.isError && !ws.data))
    return (
      <Stack>
        {back}
        <Title order={1}>{t('review.workspace.title')}</Title>
        <Alert color="red">{ws.isError ? problemText(t, ws.error) : t('errors.review.assignmentNotFound')}</Alert>
        {assignment && joined && (
          <ConflictDeclaration
            assignmentId={assignmentId}
            organizationName={assignment.organizationName}
            conflictOnly
          />
        )}
      </Stack>
    );
  return (
    <Stack>
      {back}
      <Title order={1} ref={title} tabIndex={-1}>
        {t('labelled', { label: t('review.workspace.title') })} {assignment.callName}
      </Title>
      {!declared && <ConflictDeclaration assignmentId={assignmentId} organizationName={assignment.organizationName} />}
      {ws.data && (
        <Grid>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <SubmissionView ws={ws.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack>
              {/* One form per assignment, kept while the workspace is read again: drawn anew, it
                  dropped what was being typed whenever a refetch landed. */}
              <ScoringForm key={ws.data.assignmentId} ws={ws.data} />
              {others.data && (
                <Card withBorder>
                  <Title order={2} size="h3">
                    {t('review.others.title')}
                  </Title>
                  {others.data.length === 0 && <Text c="dimmed">{t('review.others.none')}</Text>}
                  {others.data.map((o) => (
                    <Text key={o.reviewer}>
                      {t('labelled', { label: t('review.others.reviewer', { n: o.reviewer }) })}{' '}
                      {fixedNumber(o.weightedScore, i18n.language, 1)} ·{' '}
                      {o.recommendation ? t(`review.recommendation.${o.recommendation}`) : '—'}
                    </Text>
                  ))}
                </Card>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
