import { Alert, Anchor, Button, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useConfig } from '../../../lib/api/get-config';
import { usePageTitle } from '../../../lib/page-title';
import { problemText } from '../../../lib/problem-text';
import { useSelectedOrganizationId } from '../../../lib/selected-organization';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { useApplicantScreener } from '../api/get-screener';
import { useScreen } from '../api/screen';
import { useStartApplication } from '../api/start-application';

const SurveyForm = lazy(() => import('../../step-kit/survey-form'));

/**
 * /calls/:callId/eligibility: the call's screener, answered before anything else. The server
 * judges the answers; an eligible organization starts its application from here, an ineligible
 * one reads why, whom to write to, and may answer again.
 */
export function EligibilityPage() {
  const { callId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const organizationId = useSelectedOrganizationId();
  const screener = useApplicantScreener(callId, organizationId);
  const screen = useScreen(callId, organizationId);
  const start = useStartApplication();
  const [answering, setAnswering] = useState(false);
  const answers = useRef<Record<string, unknown>>({});
  const problems = useRef<string[]>([]);
  const reveal = useRef<(() => void) | null>(null);
  // The keyboard goes to what replaced the part it was in: the verdict just given (the form held
  // it), or the questions after "Answer again" (the verdict held it).
  const { root, focusSoon } = useFocusAfterRender<HTMLDivElement>();
  const answerAgain = () => {
    focusSoon('[data-focus-key="screening-questions"]');
    setAnswering(true);
  };
  const registerReveal = useCallback((fn: () => void) => {
    reveal.current = fn;
    return () => {
      reveal.current = null;
    };
  }, []);
  const callName = screener.data?.callName ?? '';
  usePageTitle(callName ? t('screening.applicant.title', { name: callName }) : t('screening.applicant.titleShort'));

  if (screener.isError) {
    return (
      <Stack>
        <Title order={1}>{t('screening.applicant.titleShort')}</Title>
        <Alert color="red" role="alert">
          {problemText(t, screener.error)}
        </Alert>
        <Anchor component={Link} to="/calls">
          {t('screening.applicant.backToCalls')}
        </Anchor>
      </Stack>
    );
  }
  if (!screener.data) {
    return (
      <Center mih={200}>
        <Loader aria-label={t('screening.applicant.loading')} />
      </Center>
    );
  }
  const latest = screener.data.latest;
  const showForm = answering || !latest;
  const contact = screener.data.contact;

  const check = () => {
    if (problems.current.length) return reveal.current?.();
    screen.mutate(answers.current, {
      onSuccess: () => {
        focusSoon('[data-testid="screening-verdict"]');
        setAnswering(false);
      },
    });
  };
  const startApplication = async () => {
    if (!organizationId) return;
    const submission = await start.mutateAsync({ callId, organizationId });
    void navigate(`/call/${submission.id}/0/0`);
  };

  return (
    <Stack gap="lg" maw={760} ref={root}>
      <Anchor component={Link} to="/calls" size="sm">
        {t('screening.applicant.backToCalls')}
      </Anchor>
      <div>
        <Title order={1}>
          {/* The call's name says its language when it is not the page's (not written in the reader's). */}
          <Trans
            i18nKey="screening.applicant.heading"
            values={{ name: callName }}
            components={[<span key="name" lang={screener.data?.callNameLanguage} />]}
          />
        </Title>
        <Text c="dimmed">{t('screening.applicant.intro')}</Text>
      </div>
      {!organizationId && (
        <Alert color="orange" role="alert">
          {t('screening.applicant.noOrganization')}
        </Alert>
      )}
      {/* The verdict takes the keyboard once given: the form it replaces held it. */}
      <div
        tabIndex={-1}
        data-testid="screening-verdict"
        {...(!showForm && latest
          ? {
              role: 'region',
              'aria-label': t(
                latest.eligible ? 'screening.applicant.eligibleTitle' : 'screening.applicant.ineligibleTitle',
              ),
            }
          : {})}
      >
        {!showForm && latest?.eligible && (
          <Alert color="teal" title={t('screening.applicant.eligibleTitle')} data-testid="screening-eligible">
            <Stack gap="sm">
              <Text size="sm">{t('screening.applicant.eligibleText')}</Text>
              <Group>
                <Button onClick={() => void startApplication().catch(() => undefined)} loading={start.isPending}>
                  {t('screening.applicant.start')}
                </Button>
                <Button variant="default" onClick={answerAgain}>
                  {t('screening.applicant.answerAgain')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {!showForm && latest && !latest.eligible && (
          <Alert color="red" title={t('screening.applicant.ineligibleTitle')} data-testid="screening-ineligible">
            <Stack gap="sm">
              <Text size="sm">{t('screening.applicant.ineligibleText')}</Text>
              <List size="sm" data-testid="screening-reasons">
                {latest.reasons.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
              <Text size="sm">
                {contact ? (
                  <>
                    {t('screening.applicant.contactMail')}{' '}
                    {/* The alert's own text colour: the link colour is too pale on its red. */}
                    <Anchor
                      href={`mailto:${contact}`}
                      c="inherit"
                      underline="always"
                      fw={600}
                      data-testid="screening-contact"
                    >
                      {contact}
                    </Anchor>
                  </>
                ) : (
                  t('screening.applicant.contactSite', { name: config.name })
                )}
              </Text>
              <Group>
                <Button variant="default" onClick={answerAgain}>
                  {t('screening.applicant.answerAgain')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </div>
      {start.isError && (
        <Alert color="red" role="alert">
          {problemText(t, start.error)}
        </Alert>
      )}
      {showForm && (
        <Stack
          gap="md"
          tabIndex={-1}
          aria-label={t('screening.applicant.questions')}
          role="region"
          data-focus-key="screening-questions"
        >
          <Suspense fallback={<Loader aria-label={t('screening.applicant.loading')} />}>
            <SurveyForm
              model={screener.data.model}
              // Answered again: the answers just checked are the start (nothing else is kept of them).
              data={answers.current}
              locale={i18n.language}
              readOnly={false}
              onData={(data) => {
                answers.current = data;
              }}
              onProblems={(found) => {
                problems.current = found;
              }}
              registerReveal={registerReveal}
            />
          </Suspense>
          {screen.isError && (
            <Alert color="red" role="alert">
              {problemText(t, screen.error)}
            </Alert>
          )}
          <Group>
            <Button onClick={check} loading={screen.isPending} disabled={!organizationId} data-testid="screening-check">
              {t('screening.applicant.check')}
            </Button>
            {latest && (
              <Button variant="default" onClick={() => setAnswering(false)}>
                {t('screening.applicant.cancel')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
