import type { TCall } from '@impact/domain';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DateTimeField } from '../../../components/date-time-field';
import { fromPickerValue, toPickerValue } from '../../../lib/picker-values';
import { useCallByIdAdmin } from '../api/get-call-by-id-admin';
import { useUpdateCall } from '../api/update-call';
import { callToUpdateRequest } from '../call-draft';
import { errorMessage } from '../components/labels';
import { RichTextField } from '../components/rich-text-field';
import { SavedMeanwhileAlert, useSavedMeanwhile } from '../components/saved-meanwhile';

/** /admin/calls/edit/call/:callId — the simple edit form: name, description, dates (SPEC 2). */
export function EditCallPage() {
  const { callId = '' } = useParams();
  const { t } = useTranslation();
  const call = useCallByIdAdmin(callId);
  // A failed refetch keeps the data: the editor and what is typed in it stay (the error shows only with nothing loaded).
  if (call.isError && !call.data) {
    return (
      <Alert color="red" title={t('callBuilder.editor.notFoundTitle')}>
        {errorMessage(t, call.error)}
      </Alert>
    );
  }
  if (!call.data) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t('callBuilder.loading')} />
      </Center>
    );
  }
  return <EditCallForm call={call.data} />;
}

function EditCallForm({ call }: { call: TCall }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateCall();
  const [name, setName] = useState(call.name);
  const [description, setDescription] = useState(call.description);
  const [openingAt, setOpeningAt] = useState(toPickerValue(call.openingAt));
  const [closingAt, setClosingAt] = useState(toPickerValue(call.closingAt));
  // The version this form was filled from: a save over a later one is refused (0045). Kept here,
  // not read from the call, which a refetch may move to a version the person never saw.
  const [basedOnUpdatedAt, setBasedOnUpdatedAt] = useState(call.updatedAt);
  const [loads, setLoads] = useState(0);
  const meanwhile = useSavedMeanwhile(call.id, (fresh) => {
    setName(fresh.name);
    setDescription(fresh.description);
    setOpeningAt(toPickerValue(fresh.openingAt));
    setClosingAt(toPickerValue(fresh.closingAt));
    setBasedOnUpdatedAt(fresh.updatedAt);
    setLoads((n) => n + 1);
  });
  const opening = fromPickerValue(openingAt);
  const closing = fromPickerValue(closingAt);
  const datesError = opening && closing && closing <= opening ? t('errors.calls.closingBeforeOpening') : undefined;

  // Over `stored`: the fields this form does not show are sent back as stored, never as first read.
  const send = (stored: TCall, base: string) => {
    if (!name.trim() || !opening || !closing || datesError) return;
    update.mutate(
      callToUpdateRequest(stored, {
        name: name.trim(),
        description,
        openingAt: opening,
        closingAt: closing,
        basedOnUpdatedAt: base,
      }),
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('callBuilder.notifications.callUpdated') });
          void navigate('/admin?tab=calls');
        },
        onError: meanwhile.failed,
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(call, basedOnUpdatedAt);
  };

  return (
    <Stack gap="lg" maw={820}>
      <Breadcrumbs>
        <Anchor component={Link} to="/admin?tab=calls">
          {t('callBuilder.list.title')}
        </Anchor>
        <Text>{call.name}</Text>
      </Breadcrumbs>
      <Title order={1}>{t('callBuilder.quickEdit.title')}</Title>
      {meanwhile.shown && (
        <SavedMeanwhileAlert
          onLoadTheirs={meanwhile.loadTheirs}
          onSaveMine={() => meanwhile.saveMine((stored) => send(stored, stored.updatedAt))}
          busy={update.isPending || meanwhile.reading}
        />
      )}
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('callBuilder.general.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={name.trim() ? undefined : t('errors.field.required')}
            maxLength={300}
          />
          <RichTextField
            key={loads}
            label={t('callBuilder.general.description')}
            value={description}
            onChange={setDescription}
          />
          <Group grow align="flex-start">
            <DateTimeField
              label={t('callBuilder.general.openingAt')}
              required
              value={openingAt}
              onChange={setOpeningAt}
              clearable={false}
            />
            <DateTimeField
              label={t('callBuilder.general.closingAt')}
              required
              value={closingAt}
              onChange={setClosingAt}
              error={datesError}
              clearable={false}
            />
          </Group>
          <Group justify="space-between">
            <Anchor component={Link} to={`/admin/calls/${call.id}`} size="sm">
              {t('callBuilder.quickEdit.fullEditor')}
            </Anchor>
            <Group>
              <Button variant="default" component={Link} to="/admin?tab=calls">
                {t('callBuilder.cancel')}
              </Button>
              <Button type="submit" disabled={!name.trim() || Boolean(datesError)} loading={update.isPending}>
                {t('callBuilder.editor.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
