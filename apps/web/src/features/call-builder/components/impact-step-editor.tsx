import { DEFAULT_SROI_PARAMS, parseImpactStepContent, type TSroiParams } from '@impact/domain';
import { Alert, Anchor, Checkbox, NumberInput, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFrameworks } from '../../../lib/api/impact-frameworks';

const FIELDS = ['deadweight', 'displacement', 'attribution', 'dropOff', 'discountRate'] as const;
const SCENARIOS = ['central', 'low', 'high'] as const;

/**
 * The call builder's editor of a miniDyi step: the framework it is built on and, optionally, the
 * SROI parameters of the three scenarios (docs/IMPACT.md). Content: {frameworkId, sroiParams?}.
 */
export function ImpactStepEditor({
  content,
  onChange,
  showErrors,
}: {
  content: string;
  onChange: (content: string) => void;
  showErrors: boolean;
}) {
  const { t } = useTranslation();
  const frameworks = useFrameworks();
  const def = parseImpactStepContent(content);
  const params = def?.sroiParams;
  const write = (frameworkId: string | null, sroiParams: TSroiParams | undefined) =>
    onChange(frameworkId ? JSON.stringify(sroiParams ? { frameworkId, sroiParams } : { frameworkId }) : '');
  const setParam = (s: (typeof SCENARIOS)[number], f: (typeof FIELDS)[number], percent: number) => {
    const base = params ?? DEFAULT_SROI_PARAMS;
    // The domain's bounds: a discount rate up to 50 %, the other shares up to 100 %.
    const ceiling = f === 'discountRate' ? 50 : 100;
    write(def?.frameworkId ?? null, {
      ...base,
      [s]: { ...base[s], [f]: Math.min(Math.max(percent, 0), ceiling) / 100 },
    });
  };
  return (
    <Stack gap="sm">
      <Select
        label={t('impact.editor.framework')}
        description={t('impact.editor.frameworkHelp')}
        placeholder={t('impact.editor.frameworkPlaceholder')}
        data={(frameworks.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
        value={def?.frameworkId ?? null}
        onChange={(id) => write(id, params)}
        required
        searchable
        error={showErrors && !def ? t('impact.editor.frameworkRequired') : undefined}
      />
      {frameworks.data?.length === 0 && (
        <Alert color="yellow">
          {t('impact.editor.noFrameworks')}{' '}
          <Anchor component={Link} to="/admin/impact-framework">
            {t('impact.admin.create')}
          </Anchor>
        </Alert>
      )}
      <Checkbox
        label={t('impact.editor.customParams')}
        checked={Boolean(params)}
        disabled={!def}
        onChange={(e) => write(def?.frameworkId ?? null, e.currentTarget.checked ? DEFAULT_SROI_PARAMS : undefined)}
      />
      {params && (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                {FIELDS.map((f) => (
                  <Table.Th key={f}>{t(`impact.editor.params.${f}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SCENARIOS.map((s) => (
                <Table.Tr key={s}>
                  <Table.Td>{t(`impact.sroi.${s}`)}</Table.Td>
                  {FIELDS.map((f) => (
                    <Table.Td key={f}>
                      <NumberInput
                        aria-label={`${t(`impact.sroi.${s}`)} – ${t(`impact.editor.params.${f}`)}`}
                        value={Math.round(params[s][f] * 1000) / 10}
                        onChange={(v) => setParam(s, f, Number(v) || 0)}
                        min={0}
                        max={f === 'discountRate' ? 50 : 100}
                        suffix=" %"
                        decimalScale={1}
                        size="xs"
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <SimpleGrid cols={1}>
        <Text size="xs" c="dimmed">
          {t('impact.editor.paramsHelp')}
        </Text>
      </SimpleGrid>
    </Stack>
  );
}
