import { DEFAULT_LANGUAGE, isLanguage, ZInviteReviewerRequest } from '@impact/domain';
import { Badge, Button, Card, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../../lib/problem-text';
import { useInviteReviewer, useReviewers } from '../api/admin';

/** The call's reviewers: invited by e-mail (accepted at their first sign-in) or given the role by the identity provider. */
export function ReviewersPanel({ callId }: { callId: string }) {
  const { t, i18n } = useTranslation();
  const reviewers = useReviewers(callId);
  const invite = useInviteReviewer(callId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // The keyboard goes to the field its error is under, so a screen reader reads both.
  const refuse = (message: string) => {
    setError(message);
    field.current?.focus();
  };
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    // The server's own contract checks the address first: said on the field, without a round trip.
    if (!ZInviteReviewerRequest.shape.email.safeParse(address).success)
      return refuse(t('review.reviewers.invalidEmail'));
    // An address in the pool already (invited, or a reviewer by role) needs no invitation.
    if ((reviewers.data ?? []).some((r) => r.email.toLowerCase() === address.toLowerCase()))
      return refuse(t('review.reviewers.alreadyInvited'));
    setError(null);
    invite.mutate(
      { email: address, language: isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE },
      {
        onSuccess: () => {
          setEmail('');
          // Emptied, the form's button is disabled under the keyboard: it goes to the field, for the next.
          field.current?.focus();
          notifications.show({ color: 'teal', message: t('review.reviewers.invited') });
        },
        onError: (e) => refuse(problemText(t, e)),
      },
    );
  };
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h3" id="reviewers-title">
          {t('review.reviewers.title')}
        </Title>
        <form onSubmit={send} noValidate aria-labelledby="reviewers-title">
          <Group align="flex-start">
            <TextInput
              ref={field}
              type="email"
              label={t('review.reviewers.inviteEmail')}
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setError(null);
              }}
              error={error}
            />
            <Button type="submit" mt={25} disabled={!email.trim()} loading={invite.isPending}>
              {t('review.reviewers.invite')}
            </Button>
          </Group>
        </form>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('review.reviewers.email')}</Table.Th>
              <Table.Th>{t('review.reviewers.name')}</Table.Th>
              <Table.Th>{t('review.reviewers.status')}</Table.Th>
              <Table.Th>{t('review.reviewers.load')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(reviewers.data ?? []).map((r) => (
              <Table.Tr key={r.email}>
                <Table.Td>{r.email}</Table.Td>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={r.accepted ? 'teal' : 'gray'}>
                    {r.source === 'role'
                      ? t('review.reviewers.byRole')
                      : r.accepted
                        ? t('review.reviewers.accepted')
                        : t('review.reviewers.pending')}
                  </Badge>
                </Table.Td>
                <Table.Td>{r.load}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
