import { canCreateFramework, type TParseWorkbookResponse, type TWorkbookProblem } from '@impact/domain';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { downloadTemplate, parseWorkbook, useAddFramework } from '../api/frameworks';
import { FrameworkTables } from '../components/framework-tables';

/** SPEC 2 "impact-framework": create a framework from an Excel file, previewed before saving. */
export function FrameworkCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddFramework();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [parsing, setParsing] = useState(false);
  const [preview, setPreview] = useState<TParseWorkbookResponse | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const problemText = (p: TWorkbookProblem) => {
    const what = t(p.messageKey, { name: p.name ?? '', sheet: p.sheet ?? '' });
    return p.row ? t('impact.admin.atRow', { what, row: p.row, sheet: p.sheet ?? '' }) : what;
  };

  const pick = async (picked: File | null) => {
    setFile(picked);
    setPreview(null);
    setRefused(null);
    if (!picked) return;
    setParsing(true);
    try {
      setPreview(await parseWorkbook(picked));
    } catch (err) {
      setRefused(err instanceof ApiError ? err.problem.messageKey : 'errors.unexpected');
    } finally {
      setParsing(false);
    }
  };

  const ready = canCreateFramework({
    name,
    description,
    stakeholders: preview?.stakeholders ?? [],
    outcomes: preview?.outcomes ?? [],
    problems: preview?.problems ?? [],
  });

  const create = async () => {
    if (!preview || !ready) return;
    try {
      const created = await add.mutateAsync({
        name: name.trim(),
        description: description.trim(),
        stakeholders: preview.stakeholders,
        outcomes: preview.outcomes,
      });
      notifications.show({ color: 'teal', message: t('impact.admin.created') });
      navigate(`/admin/impact-framework/${created.id}`);
    } catch (err) {
      notifications.show({
        color: 'red',
        message: t(err instanceof ApiError ? err.problem.messageKey : 'errors.unexpected'),
      });
    }
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin?tab=impactframe" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('impact.admin.back')}
        </Group>
      </Anchor>
      <Title order={1}>{t('impact.admin.createTitle')}</Title>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <TextInput
            label={t('impact.admin.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            maxLength={300}
          />
          <Textarea
            label={t('impact.admin.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            required
            autosize
            minRows={2}
            maxLength={5000}
          />
          <Group align="flex-end">
            <FileInput
              style={{ flex: 1 }}
              label={t('impact.admin.file')}
              description={t('impact.admin.fileHelp')}
              placeholder={t('impact.admin.filePlaceholder')}
              accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(f) => void pick(f)}
              leftSection={<IconFileSpreadsheet size={16} />}
              clearable
            />
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloadTemplate()}>
              {t('impact.admin.template')}
            </Button>
          </Group>
          {parsing && <Text c="dimmed">{t('impact.admin.reading')}</Text>}
          {refused && (
            <Alert color="red" title={t('impact.admin.refused')} role="alert">
              {t(refused)}
            </Alert>
          )}
          {preview && preview.problems.length > 0 && (
            <Alert color="red" title={t('impact.admin.problems')} role="alert" data-testid="workbook-problems">
              <List size="sm">
                {preview.problems.slice(0, 50).map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id
                  <List.Item key={i}>{problemText(p)}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {preview && preview.problems.length === 0 && (
            <Alert color="teal">
              {t('impact.admin.readOk', {
                outcomes: preview.outcomes.length,
                stakeholders: preview.stakeholders.length,
              })}
            </Alert>
          )}
          <Group justify="flex-end">
            {!ready && (
              <Text size="sm" c="dimmed">
                {t('impact.admin.createDisabled')}
              </Text>
            )}
            <Button onClick={() => void create()} disabled={!ready} loading={add.isPending}>
              {t('impact.admin.createButton')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {preview && (preview.outcomes.length > 0 || preview.stakeholders.length > 0) && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h3" mb="md">
            {t('impact.admin.preview')}
          </Title>
          <FrameworkTables outcomes={preview.outcomes} stakeholders={preview.stakeholders} />
        </Paper>
      )}
    </Stack>
  );
}
