import {
  CONTENT_TRANSLATION_LANGUAGES,
  LANGUAGES,
  LOGO_PREVIEW_WIDTH,
  MAX_LOGO_BASE64_LENGTH,
  type TConfig,
} from '@impact/domain';
import {
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Code,
  CopyButton,
  FileButton,
  Group,
  Image,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPhotoUp, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useConfigList } from '../api/get-config-list';
import { useUpsertConfig } from '../api/upsert-config';
import { CustomizeGuard } from '../components/customize-guard';
import { type ConfigFormValues, configToValues, newConfigValues, readAsDataUrl } from '../config-form';

/** /admin/customize/new and /admin/customize/:configId: every Config field of SPEC 3. */
export function ConfigEditPage() {
  return (
    <CustomizeGuard>
      <ConfigEditLoader />
    </CustomizeGuard>
  );
}

function ConfigEditLoader() {
  const { configId = 'new' } = useParams();
  const { t } = useTranslation();
  const list = useConfigList(configId !== 'new');
  if (configId === 'new') return <ConfigForm config={null} />;
  if (list.isPending) {
    return (
      <Center mih={160}>
        <Loader aria-label={t('customize.loading')} />
      </Center>
    );
  }
  const config = list.data?.find((c) => c.id === configId);
  if (!config) return <Text c="red">{t('errors.config.notFound')}</Text>;
  return <ConfigForm key={config.id} config={config} />;
}

function ConfigForm({ config }: { config: TConfig | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useUpsertConfig();
  const [values, setValues] = useState<ConfigFormValues>(() => (config ? configToValues(config) : newConfigValues()));
  const [logoError, setLogoError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The welcome message and the consent sentence in English and French: empty, readers of that
  // language get the Italian text (shown as the placeholder).
  const translatedFields = (key: 'message' | 'dataConsentText') => (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {CONTENT_TRANSLATION_LANGUAGES.map((language) => (
        <Textarea
          key={language}
          label={t(`customize.fields.${key}In.${language}`)}
          lang={language}
          placeholder={values[key]}
          value={values.translations?.[language]?.[key] ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setValues((all) => ({
              ...all,
              translations: {
                ...all.translations,
                [language]: { ...all.translations?.[language], [key]: value },
              },
            }));
          }}
          autosize
          minRows={2}
        />
      ))}
    </SimpleGrid>
  );
  const set = <K extends keyof ConfigFormValues>(key: K, value: ConfigFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const pickLogo = async (file: File | null) => {
    if (!file) return;
    const dataUrl = await readAsDataUrl(file);
    if (dataUrl.length > MAX_LOGO_BASE64_LENGTH) {
      setLogoError(t('customize.logoTooLarge'));
      return;
    }
    setLogoError(null);
    set('logoBase64', dataUrl);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { ...values, ...(config ? { id: config.id } : {}) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('customize.saved') });
          void navigate('/admin/customize');
        },
        onError: (error) => {
          const errors = error instanceof ApiError ? (error.problem.errors ?? []) : [];
          setFieldErrors(Object.fromEntries(errors.map((e) => [e.path, t(e.messageKey, { ...(e.params ?? {}) })])));
          notifications.show({
            color: 'red',
            title: t('customize.errorSaving'),
            message: error instanceof ApiError ? t(error.problem.messageKey) : t('errors.unexpected'),
          });
        },
      },
    );
  };

  const text = (key: 'name' | 'listName' | 'domain' | 'reportPowerBiId' | 'workspacePowerBiId', required = false) => (
    <TextInput
      label={t(`customize.fields.${key}`)}
      value={values[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      required={required}
      error={fieldErrors[key]}
    />
  );

  return (
    <Stack
      gap="lg"
      // A form checked by the page (its messages in its language), not by the browser's bubbles.
      renderRoot={(props) => <form noValidate {...props} />}
      onSubmit={submit}
    >
      <Breadcrumbs>
        <Anchor component={Link} to="/admin/customize">
          {t('customize.title')}
        </Anchor>
        <Text>{config ? config.name : t('customize.new')}</Text>
      </Breadcrumbs>
      <Group justify="space-between">
        <Title order={1}>{config ? t('customize.editTitle') : t('customize.new')}</Title>
        <Group gap="sm">
          <Button variant="default" component={Link} to="/admin/customize">
            {t('customize.cancel')}
          </Button>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            disabled={!values.name.trim()}
            loading={save.isPending}
          >
            {t('customize.save')}
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h4">
            {t('customize.sections.identity')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('name', true)}
            {text('listName')}
          </SimpleGrid>
          <TextInput
            label={t('customize.fields.description')}
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
          <Textarea
            label={t('customize.fields.message')}
            description={t('customize.fields.messageHint')}
            value={values.message}
            onChange={(e) => set('message', e.currentTarget.value)}
            autosize
            minRows={2}
          />
          {translatedFields('message')}
          <Stack gap="xs">
            <Text fw={500} size="sm" id="logo-label">
              {t('customize.fields.logo')}
            </Text>
            <Group align="center" gap="md">
              <Paper withBorder p={4} w={LOGO_PREVIEW_WIDTH + 10} mih={48} radius="sm">
                {values.logoBase64 ? (
                  <Image
                    src={values.logoBase64}
                    w={LOGO_PREVIEW_WIDTH}
                    alt={t('customize.logoPreview')}
                    data-testid="logo-preview"
                  />
                ) : (
                  <Text size="xs" c="dimmed" ta="center">
                    {t('customize.noLogo')}
                  </Text>
                )}
              </Paper>
              <FileButton onChange={(f) => void pickLogo(f)} accept="image/*">
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconPhotoUp size={16} aria-hidden />}
                    data-testid="logo-pick"
                  >
                    {t('customize.pickLogo')}
                  </Button>
                )}
              </FileButton>
              {values.logoBase64 && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconX size={16} aria-hidden />}
                  onClick={() => set('logoBase64', null)}
                >
                  {t('customize.removeLogo')}
                </Button>
              )}
            </Group>
            <Text size="xs" c={logoError || fieldErrors.logoBase64 ? 'red' : 'dimmed'}>
              {logoError ?? fieldErrors.logoBase64 ?? t('customize.logoHint')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('customize.fields.logoWidth')}
              value={values.logoWidth}
              min={1}
              max={1000}
              onChange={(v) => set('logoWidth', typeof v === 'number' ? v : 50)}
            />
            <NumberInput
              label={t('customize.fields.logoHeight')}
              value={values.logoHeight}
              min={1}
              max={1000}
              onChange={(v) => set('logoHeight', typeof v === 'number' ? v : 50)}
            />
          </SimpleGrid>
        </Stack>
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h4">
            {t('customize.sections.behaviour')}
          </Title>
          <Switch
            label={t('customize.fields.languageSelection')}
            description={t('customize.fields.languageSelectionHint')}
            checked={values.languageSelection}
            onChange={(e) => set('languageSelection', e.currentTarget.checked)}
          />
          <Switch
            label={t('customize.fields.organizationSelection')}
            description={t('customize.fields.organizationSelectionHint')}
            checked={values.organizationSelection}
            onChange={(e) => set('organizationSelection', e.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('customize.fields.defaultLanguage')}
              data={LANGUAGES.map((l) => ({ value: l, label: t(`customize.languages.${l}`) }))}
              value={values.defaultLanguage}
              onChange={(v) => v && set('defaultLanguage', v as ConfigFormValues['defaultLanguage'])}
              allowDeselect={false}
            />
            {text('domain')}
          </SimpleGrid>
          <Textarea
            label={t('customize.fields.dataConsentText')}
            description={t('customize.fields.dataConsentTextHint')}
            value={values.dataConsentText}
            onChange={(e) => set('dataConsentText', e.currentTarget.value)}
            autosize
            minRows={2}
          />
          {translatedFields('dataConsentText')}
        </Stack>
      </Paper>

      <EmbedSection
        origins={values.embedOrigins ?? []}
        onChange={(list) => set('embedOrigins', list)}
        error={embedError(t, fieldErrors, values.embedOrigins ?? [])}
      />

      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h4">
            {t('customize.sections.powerBi')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('customize.powerBiHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('workspacePowerBiId')}
            {text('reportPowerBiId')}
          </SimpleGrid>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * The sites' error as the field shows it: the server names the site by its place in the list
 * (`embedOrigins.1`), so the message says which line, and what is written there.
 */
function embedError(t: TFunction, fieldErrors: Record<string, string>, origins: readonly string[]): string | undefined {
  const found = Object.entries(fieldErrors).find(([path]) => path.startsWith('embedOrigins'));
  if (!found) return undefined;
  const [path, message] = found;
  const index = Number(path.split('.')[1]);
  const site = origins[index];
  return Number.isInteger(index) && site !== undefined
    ? t('customize.embed.badLine', { n: index + 1, site, message })
    : message;
}

/**
 * The sites allowed to frame the public call list (/embed/calls), one https origin a line, and the
 * snippet to paste into them. The server sends them as the page's CSP frame-ancestors.
 */
function EmbedSection({
  origins,
  onChange,
  error,
}: {
  origins: string[];
  onChange: (origins: string[]) => void;
  error: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(origins.join('\n'));
  // In the language the frame's title is written in: without it the list followed each visitor's
  // browser, and Italian for any other language, under a title in this one.
  const snippet = `<iframe src="${window.location.origin}/embed/calls?lang=${i18n.language}" title="${t('customize.embed.frameTitle')}" width="100%" height="480" style="border:0" loading="lazy"></iframe>`;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('customize.sections.embed')}
        </Title>
        <Textarea
          label={t('customize.embed.origins')}
          description={t('customize.embed.originsHint')}
          placeholder="https://www.example.org"
          value={text}
          error={error}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setText(value);
            onChange(
              value
                .split(/\s+/)
                .map((o) => o.trim().replace(/\/$/, ''))
                .filter(Boolean),
            );
          }}
          autosize
          minRows={2}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="embed-snippet-label">
            {t('customize.embed.snippet')}
          </Text>
          <Code block aria-labelledby="embed-snippet-label" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {snippet}
          </Code>
          <Group>
            <CopyButton value={snippet}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t('customize.embed.copied') : t('customize.embed.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {origins.length ? t('customize.embed.allowedHint') : t('customize.embed.noneHint')}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}
