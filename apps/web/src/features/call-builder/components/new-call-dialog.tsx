import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateNewCall } from '../api/create-call';
import { errorMessage } from './labels';

/** The longest call name the server keeps (ZCreateCallRequest's `name`). */
const NAME_MAX = 300;

/**
 * "New call" asks for the call's name before anything is created: a call is made only when the
 * person means it, so a click on "New call" then a change of mind leaves no "New call" draft in the
 * list. The call opens in the editor, as a draft until it is saved with steps.
 */
export function NewCallDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createCall = useCreateNewCall();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nameField = useRef<HTMLInputElement>(null);

  const refuse = (message: string) => {
    setError(message);
    nameField.current?.focus();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return refuse(t('callBuilder.newCallDialog.nameMissing'));
    createCall.mutate(trimmed, {
      // The new call is a draft until saved with steps: nothing to announce yet.
      onSuccess: (call) => void navigate(`/admin/calls/${call.id}`),
      onError: (err) => refuse(errorMessage(t, err)),
    });
  };
  // Kept mounted while closed, so that Mantine gives the focus back to "New call" on closing.
  // Not while the call is being created: closing then would not stop it, and the editor would open.
  const close = () => {
    if (createCall.isPending) return;
    setName('');
    setError(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('callBuilder.newCallDialog.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('callBuilder.newCallDialog.intro')}</Text>
          <TextInput
            label={t('callBuilder.newCallDialog.name')}
            description={t('callBuilder.newCallDialog.nameHelp')}
            required
            data-autofocus
            ref={nameField}
            maxLength={NAME_MAX}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={createCall.isPending}>
              {t('callBuilder.cancel')}
            </Button>
            <Button type="submit" loading={createCall.isPending}>
              {t('callBuilder.newCallDialog.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
