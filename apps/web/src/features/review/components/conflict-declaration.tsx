import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { problemText } from '../../../lib/problem-text';
import { useDeclareConflict } from '../api/reviewer';

/**
 * Before seeing a submission the reviewer says whether they have a conflict of interest with it.
 * `conflictOnly`: one who has joined the organization since may only declare it (the server refuses
 * "no conflict" to them).
 */
export function ConflictDeclaration({
  assignmentId,
  organizationName,
  conflictOnly = false,
}: {
  assignmentId: string;
  organizationName: string | null;
  conflictOnly?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const declare = useDeclareConflict(assignmentId);
  const [reason, setReason] = useState('');
  const fail = (e: unknown) => notifications.show({ color: 'red', message: problemText(t, e), autoClose: 10_000 });
  return (
    <Card withBorder maw={640}>
      <Stack>
        <Title order={2} size="h3">
          {t('review.conflict.title')}
        </Title>
        <Text>
          {organizationName
            ? t('review.conflict.textNamed', { name: organizationName })
            : t('review.conflict.textBlind')}
        </Text>
        <Textarea
          label={t('review.conflict.reason')}
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group>
          {!conflictOnly && (
            <Button
              loading={declare.isPending}
              onClick={() => declare.mutate({ conflict: false, reason: '' }, { onError: fail })}
            >
              {t('review.conflict.none')}
            </Button>
          )}
          <Button
            color="red"
            variant="light"
            loading={declare.isPending}
            onClick={() =>
              declare.mutate(
                { conflict: true, reason },
                {
                  onError: fail,
                  onSuccess: () => {
                    notifications.show({ color: 'teal', message: t('review.conflict.recorded') });
                    void navigate('/review');
                  },
                },
              )
            }
          >
            {t('review.conflict.declare')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
