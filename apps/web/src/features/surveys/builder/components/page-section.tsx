import type { TJsonObject } from '@impact/domain';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deletePage } from '../model/operations';
import { type TElementPath, updateContainer } from '../model/tree';
import { useBuilder } from './builder-context';
import { ElementList } from './element-list';
import { LocalisedField } from './localised-field';

type Props = { page: TJsonObject; index: number; count: number };

/** One page of the survey: its title, its question cards, and (with more than one page) a delete button. */
export function PageSection({ page, index, count }: Props) {
  const { t } = useTranslation();
  const { model, apply, announce, focusLater, headingLevel } = useBuilder();
  const path: TElementPath = [index];
  const headingId = `page-${index}-heading`;
  const setTitle = (title: unknown) =>
    apply(
      updateContainer(model, path, (p) => {
        const next = { ...p };
        if (title === undefined) delete next.title;
        else next.title = title;
        return next;
      }),
      `page-${index}/title`,
    );
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-labelledby={headingId}
      bg="var(--mantine-color-gray-0)"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={headingLevel} size="h5" id={headingId}>
            {t('surveys.builder.page', { n: index + 1, total: count })}
          </Title>
          {count > 1 && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => {
                apply(deletePage(model, index));
                announce(t('surveys.builder.announce.pageDeleted', { n: index + 1 }));
                focusLater(`[data-add-to="${Math.max(0, index - 1)}"]`);
              }}
            >
              {t('surveys.builder.deletePage', { n: index + 1 })}
            </Button>
          )}
        </Group>
        {Array.isArray(model.pages) && (
          <LocalisedField
            id={`page-${index}-title`}
            label={t('surveys.builder.pageTitle', { n: index + 1 })}
            value={page.title}
            onChange={setTitle}
          />
        )}
        <ElementList
          containerPath={path}
          elements={page}
          label={t('surveys.builder.pageQuestions', { n: index + 1 })}
        />
      </Stack>
    </Paper>
  );
}
