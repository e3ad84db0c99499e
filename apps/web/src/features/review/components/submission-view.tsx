import { isLanguage, type TReviewWorkspace } from '@impact/domain';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../../lib/problem-text';
import { downloadFrom } from '../../../lib/save-file';
import { useReviewSections } from '../../step-kit/review-sections';

/**
 * The submission read-only, as the server sends it to this reviewer (already redacted under blind
 * review): each step as its type's section shows it (app/step-types/review.ts), and the full PDF.
 */
export function SubmissionView({ ws }: { ws: TReviewWorkspace }) {
  const { t, i18n } = useTranslation();
  const data = ws.submission;
  const fail = (e: unknown) => notifications.show({ color: 'red', message: problemText(t, e) });
  const download = (downloadId: string, name: string) =>
    void downloadFrom('Review/GetReviewFile', { assignmentId: ws.assignmentId, downloadId }, name).catch(fail);
  const sections = useReviewSections();

  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            {/* The application's heading: its sections (h3) stand under it, not straight under the page's h1. */}
            <Title order={2} size="h4">
              {ws.blind ? t('review.workspace.anonymous') : data.orgName}
            </Title>
            {!ws.blind && (
              <Text size="sm" c="dimmed">
                {data.address}, {data.city} ({data.country})
              </Text>
            )}
            {ws.blind && (
              <Badge variant="light" color="grape">
                {t('review.workspace.blind')}
              </Badge>
            )}
          </Stack>
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} />}
            onClick={() =>
              void downloadFrom(
                'Review/GetReviewPdf',
                { assignmentId: ws.assignmentId, ...(isLanguage(i18n.language) ? { lang: i18n.language } : {}) },
                'review.pdf',
              ).catch(fail)
            }
          >
            {t('review.workspace.pdf')}
          </Button>
        </Group>
      </Card>
      {data.sectionsForPDF.map((section) => {
        // Own keys only: a type an admin named "constructor" is not a section.
        const Section = Object.hasOwn(sections, section.stepType) ? sections[section.stepType] : undefined;
        // null: a type whose step is not part of what was sent (the results step).
        if (Section === null) return null;
        return (
          <Card withBorder key={section.stepId}>
            <Stack gap="xs">
              <Title order={3} size="h4">
                {section.sectionName}
              </Title>
              {Section ? (
                <Section section={section} workspace={ws} downloadFile={download} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('review.workspace.inPdf')}
                </Text>
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
