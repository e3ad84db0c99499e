import { ZCallTypeForm } from '@impact/domain';
import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCreateCallType } from '../api/create-call-type';
import { errorMessage } from '../components/labels';
import { RichTextField } from '../components/rich-text-field';

/** /admin/calls/create/type: a call type needs a name and a description (SPEC 5). */
export function CreateCallTypePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCallType();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // The description is HTML: "<p></p>" or spaces alone do not count as a description.
  const plainDescription = description.replace(/<[^>]*>/g, '').trim();
  const parsed = ZCallTypeForm.safeParse({ name, description: plainDescription ? description : '' });
  const fieldError = (path: 'name' | 'description') =>
    submitted && !parsed.success && parsed.error.issues.some((i) => i.path[0] === path)
      ? t('errors.field.required')
      : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    create.mutate(
      { ...parsed.data, steps: [] },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('callBuilder.notifications.callTypeCreated') });
          void navigate('/admin?tab=calls');
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('callBuilder.notifications.createError'),
            message: errorMessage(t, error),
          }),
      },
    );
  };

  return (
    <Stack gap="lg" maw={820}>
      <Breadcrumbs>
        <Anchor component={Link} to="/admin?tab=calls">
          {t('callBuilder.list.title')}
        </Anchor>
        <Text>{t('callBuilder.callTypePage.title')}</Text>
      </Breadcrumbs>
      <Title order={1}>{t('callBuilder.callTypePage.title')}</Title>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('callBuilder.callTypePage.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError('name')}
            maxLength={300}
          />
          <RichTextField
            label={t('callBuilder.callTypePage.description')}
            required
            value={description}
            onChange={setDescription}
            error={fieldError('description')}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/admin?tab=calls">
              {t('callBuilder.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('callBuilder.callTypePage.create')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
