import { IMPACT_FRAMEWORK_LANGUAGE, type TAddImpactFrameworkRequest } from '@impact/domain';
import { Badge, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table';
import { money } from '../../../lib/number-formats';

type Outcome = Omit<TAddImpactFrameworkRequest['outcomes'][number], 'indicators'> & {
  indicators: Array<{
    name: string;
    description: string;
    proxies: Array<{ name: string; defaultValue: number; sourceName: string; sourceUrl: string }>;
  }>;
};
type Props = { outcomes: Outcome[]; stakeholders: Array<{ name: string; description: string }> };

/**
 * SPEC 2 "impact-framework/{id}": tabs Outcome and Stakeholder (also the import preview); the
 * framework's texts are marked with the language they are written in.
 */
export function FrameworkTables({ outcomes, stakeholders }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Tabs defaultValue="outcome" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="outcome">
          {t('impact.admin.tabs.outcome')} ({outcomes.length})
        </Tabs.Tab>
        <Tabs.Tab value="stakeholder">
          {t('impact.admin.tabs.stakeholder')} ({stakeholders.length})
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="outcome">
        <ScrollTable minWidth={700} label={t('impact.admin.tabs.outcome')}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('impact.admin.outcome')}</Table.Th>
                <Table.Th>{t('impact.admin.sdg')}</Table.Th>
                <Table.Th>{t('impact.admin.indicatorsAndProxies')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outcomes.slice(0, 500).map((o, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id yet
                <Table.Tr key={i}>
                  <Table.Td lang={IMPACT_FRAMEWORK_LANGUAGE}>
                    <Text fw={600} size="sm">
                      {o.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {o.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {o.sdg.map((c) => (
                        <Badge key={c} variant="light" size="sm">
                          {c}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  {/* The figures in it are the page's language's; a number reads the same in both. */}
                  <Table.Td lang={IMPACT_FRAMEWORK_LANGUAGE}>
                    <Stack gap={6}>
                      {o.indicators.map((ind) => (
                        <div key={ind.name}>
                          <Text size="sm">{ind.name}</Text>
                          {ind.proxies.map((p) => (
                            <Text key={p.name} size="xs" c="dimmed">
                              {p.name}: {money(p.defaultValue, i18n.language)}
                              {p.sourceName ? ` (${p.sourceName})` : ''}
                            </Text>
                          ))}
                        </div>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        {outcomes.length > 500 && (
          <Text size="sm" c="dimmed">
            {t('impact.admin.moreRows', { count: outcomes.length - 500 })}
          </Text>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="stakeholder">
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('impact.admin.name')}</Table.Th>
              <Table.Th>{t('impact.admin.description')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stakeholders.map((s) => (
              <Table.Tr key={s.name}>
                <Table.Td lang={IMPACT_FRAMEWORK_LANGUAGE}>{s.name}</Table.Td>
                <Table.Td lang={IMPACT_FRAMEWORK_LANGUAGE}>{s.description}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Tabs.Panel>
    </Tabs>
  );
}
