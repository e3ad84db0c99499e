import { STEP_TYPES_HIDDEN_IN_PICKER, ZCreateStepTypeRequest } from '@impact/domain';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreateStepType } from '../api/create-step-type';
import { useStepTypes } from '../api/get-step-types';
import { errorMessage, stepTypeLabel } from '../components/labels';

/** /admin/steps: the step types, and a form to create one (SPEC 2). */
export function StepTypesPage() {
  const { t } = useTranslation();
  const types = useStepTypes();
  const create = useCreateStepType();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCreateStepTypeRequest.safeParse({ name });
    if (!parsed.success) {
      setError(t('errors.field.required'));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setError(undefined);
        notifications.show({ color: 'teal', message: t('callBuilder.stepTypesPage.created') });
      },
      onError: (err) => setError(errorMessage(t, err)),
    });
  };

  return (
    <Stack gap="lg" maw={720}>
      <Breadcrumbs>
        <Anchor component={Link} to="/admin?tab=calls">
          {t('callBuilder.list.title')}
        </Anchor>
        <Text>{t('callBuilder.stepTypesPage.title')}</Text>
      </Breadcrumbs>
      <Title order={1}>{t('callBuilder.stepTypesPage.title')}</Title>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('callBuilder.stepTypesPage.createTitle')}
          </Title>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              label={t('callBuilder.stepTypesPage.name')}
              description={t('callBuilder.stepTypesPage.nameHelp')}
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              maxLength={100}
              style={{ flex: 1 }}
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              {t('callBuilder.stepTypesPage.create')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('callBuilder.stepTypesPage.existing')}
        </Title>
        {types.isPending ? (
          <Loader aria-label={t('callBuilder.loading')} />
        ) : (
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('callBuilder.stepTypesPage.label')}</Table.Th>
                <Table.Th>{t('callBuilder.stepTypesPage.code')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(types.data ?? []).map((type) => (
                <Table.Tr key={type.id}>
                  <Table.Td>
                    <Group gap="xs">
                      {stepTypeLabel(t, type.name)}
                      {STEP_TYPES_HIDDEN_IN_PICKER.includes(type.name) && (
                        <Badge size="xs" color="gray" variant="light">
                          {t('callBuilder.stepTypesPage.hidden')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ff="monospace">{type.name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}
