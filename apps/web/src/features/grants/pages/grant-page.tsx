import { isAdmin, type TGrant, type TTranche } from '@impact/domain';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useOrganizations } from '../../../lib/api/get-organizations';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { dateFormat } from '../../../lib/date-formats';
import { languageNameIn } from '../../../lib/language-names';
import { usePageTitle } from '../../../lib/page-title';
import { fieldErrorText, problemText } from '../../../lib/problem-text';
import { useSession } from '../../../lib/session-store';
import { downloadAwardLetter, useAcceptAward, useDeclineAward, useGrant, useTranches } from '../api/grants';
import { CloseGrant } from '../components/close-grant';
import { GrantReports, type RequestChangesDialog } from '../components/grant-reports';
import { GrantStatusBadge } from '../components/grant-status-badge';
import { MarkPaid } from '../components/mark-paid';
import { formatMoney, formatPeriod } from '../components/money';
import { TrancheList } from '../components/tranche-list';

/**
 * /grants/:grantId: the grant's terms, the award letter, the grantee's answer to it, the tranches
 * and the reports it owes (the admin approves those or requests changes, `RequestChanges`, and
 * closes the grant at its end).
 */
export function GrantPage({ RequestChanges }: { RequestChanges?: RequestChangesDialog } = {}) {
  const { grantId = '' } = useParams();
  const { t } = useTranslation();
  const grant = useGrant(grantId);
  usePageTitle(
    grant.data
      ? // Named by its organization too: a person in two grantees of one call has two such pages.
        t('grants.page.title', { call: grant.data.callName, org: grant.data.organizationName })
      : grant.isError
        ? `${problemText(t, grant.error)} · ${t('grants.mine.title')}`
        : t('grants.mine.title'),
  );
  return (
    <Stack>
      <BackLink grant={grant.data} />
      {grant.isPending && (
        <Center>
          <Loader aria-label={t('grants.loading')} />
        </Center>
      )}
      {grant.isError && (
        // A grant not found (or not the reader's) still has its page's heading and title.
        <>
          <Title order={1}>{t('grants.mine.title')}</Title>
          <Alert color="red" role="alert">
            {problemText(t, grant.error)}
          </Alert>
        </>
      )}
      {grant.data && <GrantView grant={grant.data} RequestChanges={RequestChanges} />}
    </Stack>
  );
}

function GrantView({ grant, RequestChanges }: { grant: TGrant; RequestChanges: RequestChangesDialog | undefined }) {
  const { t, i18n } = useTranslation();
  // Accepted or declined during this visit: the forms went, the keyboard goes to what replaced them.
  const answer = useRef<HTMLDivElement>(null);
  const shownStatus = useRef(grant.status);
  // Closed by this reader on this page (not seen closed on a refetch): the section went, the keyboard follows.
  const closedHere = useRef(false);
  useEffect(() => {
    const answered = shownStatus.current === 'awaitingAcceptance' && grant.status !== 'awaitingAcceptance';
    const closed = closedHere.current && grant.status === 'closed';
    if (answered || closed) answer.current?.focus();
    if (closed) closedHere.current = false;
    shownStatus.current = grant.status;
  }, [grant.status]);
  const { funder } = useReader(grant.organizationId);
  const when = (iso: string | null) =>
    iso ? dateFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)) : '';
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Title order={1}>
          {/* The call's name says its language when it is not the page's (not written in the reader's). */}
          <Trans
            i18nKey="grants.page.heading"
            values={{ call: grant.callName }}
            components={[<span key="call" lang={grant.callNameLanguage} />]}
          />
        </Title>
        <GrantStatusBadge status={grant.status} />
      </Group>
      <Paper withBorder p="lg" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Fact label={t('grants.columns.reference')} value={grant.reference} />
          <Fact label={t('grants.columns.organization')} value={grant.organizationName} />
          <Fact label={t('grants.columns.amount')} value={formatMoney(grant.amount, grant.currency, i18n.language)} />
          <Fact
            label={t('grants.columns.period')}
            value={formatPeriod(grant.startsAt, grant.endsAt, i18n.language) ?? t('grants.periodNotSet')}
          />
        </SimpleGrid>
        {grant.conditions && (
          <Stack gap={4} mt="md">
            <Text fw={600}>{t('grants.terms.conditions')}</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{grant.conditions}</Text>
          </Stack>
        )}
        <Button
          mt="md"
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            void downloadAwardLetter(grant.id, t('grants.letter.fileName', { reference: grant.reference }))
          }
        >
          {t('grants.letter.readPdf')}
        </Button>
        {/* The letter is one text, in its contact's language (decision 0043): said when it is not the reader's. */}
        {grant.letterLanguage && grant.letterLanguage !== i18n.language.slice(0, 2) && (
          <Text size="sm" c="dimmed" mt="xs" data-testid="letter-language">
            <Trans
              // "The text you accept" only while it waits for the grantee's answer.
              i18nKey={
                !funder && grant.status === 'awaitingAcceptance'
                  ? 'grants.letter.inLanguage'
                  : 'grants.letter.inLanguageFunder'
              }
              // The language named in the reader's words ("italien" in a French sentence).
              values={{ language: languageNameIn(i18n.language, grant.letterLanguage) }}
              components={[<span key="language" />]}
            />
          </Text>
        )}
      </Paper>
      {grant.status === 'awaitingAcceptance' && <AnswerForms grant={grant} />}
      {/* Where the answer forms were: answered on this page, the keyboard is taken to it. */}
      {(grant.status === 'active' || grant.status === 'closed') && (
        // A standing fact of the grant, not news: not announced as an alert. Once closed, the
        // keyboard goes to the closing's note below instead.
        <Alert
          color="teal"
          title={t('grants.page.acceptedTitle')}
          role="note"
          ref={grant.status === 'active' ? answer : undefined}
          tabIndex={-1}
        >
          {t('grants.page.accepted', { name: grant.acceptedByName ?? '', when: when(grant.acceptedAt) })}
        </Alert>
      )}
      {grant.status === 'declined' && (
        <Alert color="gray" title={t('grants.page.declinedTitle')} role="note" ref={answer} tabIndex={-1}>
          {grant.declinedByName
            ? t('grants.page.declinedBy', { name: grant.declinedByName, when: when(grant.declinedAt) })
            : t('grants.page.declined', { when: when(grant.declinedAt) })}
          {grant.declineReason && (
            <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }} data-testid="decline-reason">
              {t('grants.page.declineReason', { reason: grant.declineReason })}
            </Text>
          )}
        </Alert>
      )}
      {grant.status === 'closed' && (
        <Alert color="blue" title={t('grants.page.closedTitle')} role="note" ref={answer} tabIndex={-1}>
          {t('grants.page.closed', { when: when(grant.closedAt) })}
        </Alert>
      )}
      {(grant.status === 'active' || grant.status === 'closed') && (
        <Reports grant={grant} RequestChanges={RequestChanges} />
      )}
      <Tranches grant={grant} />
      {funder && grant.status === 'active' && (
        <CloseGrant
          grant={grant}
          closing={(pending) => {
            closedHere.current = pending;
          }}
        />
      )}
    </Stack>
  );
}

/**
 * Who reads the grant: the caller's role in the grantee organization, if any, and whether they
 * read it as the funder (an administrator who is not a member of it).
 */
function useReader(organizationId: string | undefined) {
  const session = useSession();
  const organizations = useOrganizations();
  const admin = session.status === 'authenticated' && isAdmin(session.user.roles);
  const role = organizations.data?.find((o) => o.id === organizationId)?.role;
  return { role, funder: admin && !role };
}

/** The reports the grant owes: the admin's actions, or the grantee's (owners and editors write them). */
function Reports({ grant, RequestChanges }: { grant: TGrant; RequestChanges: RequestChangesDialog | undefined }) {
  const { t } = useTranslation();
  const { funder, role } = useReader(grant.organizationId);
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('grantReports.title')}
      </Title>
      <GrantReports
        grantId={grant.id}
        viewer={funder ? 'admin' : 'grantee'}
        // A closed grant asks for no more reports: one already started can still be finished.
        canWrite={(role === 'owner' || role === 'editor') && grant.status === 'active'}
        // Nor are its reports sent back once it is closed (the server refuses it too).
        RequestChanges={grant.status === 'active' ? RequestChanges : undefined}
      />
    </Paper>
  );
}

/** The grant's payments as the funder planned them, read-only for the grantee; the admin marks one paid here too. */
function Tranches({ grant }: { grant: TGrant }) {
  const { t } = useTranslation();
  const { funder } = useReader(grant.organizationId);
  const tranches = useTranches(grant.id);
  const heading = useRef<HTMLHeadingElement>(null);
  if (!tranches.data?.length) return null;
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="sm" ref={heading} tabIndex={-1}>
        {t('grants.tranches.title')}
      </Title>
      {/* Their statuses stay as planned ("pending"): the grant being declined, none will be paid. */}
      {grant.status === 'declined' && (
        <Text size="sm" mb="sm" data-testid="tranches-declined">
          {t('grants.tranches.declined')}
        </Text>
      )}
      <TrancheList
        tranches={tranches.data}
        currency={grant.currency}
        {...(funder
          ? {
              action: (tranche: TTranche) =>
                tranche.status === 'payable' ? (
                  <MarkPaid grantId={grant.id} tranche={tranche} onPaid={() => heading.current?.focus()} />
                ) : null,
            }
          : {})}
      />
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/**
 * Back to where the reader follows grants: a member to their organizations' grants, an
 * administrator to the call's grants tab (their own list of grants is empty).
 */
function BackLink({ grant }: { grant: TGrant | undefined }) {
  const { t } = useTranslation();
  const { funder } = useReader(grant?.organizationId);
  return funder && grant ? (
    <Anchor component={Link} to={`/admin/calls/${grant.callId}?tab=grants`} size="sm">
      {t('grants.page.backToCall')}
    </Anchor>
  ) : (
    <Anchor component={Link} to="/grants" size="sm">
      {t('grants.page.back')}
    </Anchor>
  );
}

/** Accept by full name (and the conditions ticked, when there are any), or decline with a reason. */
function AnswerForms({ grant }: { grant: TGrant }) {
  const { t } = useTranslation();
  const accept = useAcceptAward();
  const decline = useDeclineAward();
  const [fullName, setFullName] = useState('');
  const [ticked, setTicked] = useState(false);
  const [reason, setReason] = useState('');
  // The server's rules, checked before sending so the message is ours, in the page's language.
  const [missing, setMissing] = useState<{ fullName?: string; conditions?: string }>({});
  // Where the keyboard goes when something is missing: the first field that needs it.
  const nameField = useRef<HTMLInputElement>(null);
  const conditionsField = useRef<HTMLInputElement>(null);
  const hasConditions = grant.conditions.trim() !== '';
  const confirmDecline = () =>
    openConfirmDialog({
      title: t('grants.answer.declineTitle'),
      children: <Text size="sm">{t('grants.answer.declineBody')}</Text>,
      labels: { confirm: t('grants.answer.decline'), cancel: t('grants.terms.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => decline.mutate({ grantId: grant.id, reason, letterHash: grant.letterHash ?? undefined }),
    });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder p="lg" radius="md">
        <Stack
          // A form checked by the page (its messages in its language), not by the browser's bubbles.
          renderRoot={(props) => <form noValidate {...props} />}
          onSubmit={(e) => {
            e.preventDefault();
            const found = {
              ...(fullName.trim().length < 2 ? { fullName: t('errors.grants.fullNameRequired') } : {}),
              ...(hasConditions && !ticked ? { conditions: t('errors.grants.conditionsRequired') } : {}),
            };
            setMissing(found);
            if (found.fullName) return nameField.current?.focus();
            if (found.conditions) return conditionsField.current?.focus();
            accept.mutate({
              grantId: grant.id,
              fullName,
              conditionsAccepted: ticked,
              letterHash: grant.letterHash ?? undefined,
            });
          }}
        >
          <Title order={2} size="h4">
            {t('grants.answer.acceptTitle')}
          </Title>
          <Text size="sm">{t('grants.answer.acceptHelp')}</Text>
          <TextInput
            label={t('grants.answer.fullName')}
            value={fullName}
            onChange={(e) => {
              setFullName(e.currentTarget.value);
              setMissing(({ fullName: _mended, ...rest }) => rest);
            }}
            ref={nameField}
            required
            autoComplete="name"
            error={missing.fullName ?? fieldErrorText(t, accept.error, 'fullName')}
          />
          {hasConditions && (
            <Checkbox
              label={t('grants.answer.conditions')}
              checked={ticked}
              onChange={(e) => {
                setTicked(e.currentTarget.checked);
                setMissing(({ conditions: _mended, ...rest }) => rest);
              }}
              ref={conditionsField}
              error={missing.conditions ?? fieldErrorText(t, accept.error, 'conditionsAccepted')}
            />
          )}
          {accept.isError &&
            !fieldErrorText(t, accept.error, 'fullName') &&
            !fieldErrorText(t, accept.error, 'conditionsAccepted') && (
              <Alert color="red" role="alert">
                {problemText(t, accept.error)}
              </Alert>
            )}
          <Button type="submit" loading={accept.isPending}>
            {t('grants.answer.accept')}
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h4">
            {t('grants.answer.declineTitle')}
          </Title>
          <Textarea
            label={t('grants.answer.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={3}
          />
          {decline.isError && (
            <Alert color="red" role="alert">
              {problemText(t, decline.error)}
            </Alert>
          )}
          <Button variant="outline" color="red" onClick={confirmDecline} loading={decline.isPending}>
            {t('grants.answer.decline')}
          </Button>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
