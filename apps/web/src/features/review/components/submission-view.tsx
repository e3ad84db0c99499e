import { isLanguage, type TReviewWorkspace, ZTextAnswer, ZUploadAnswer } from '@impact/domain';
import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../../lib/problem-text';
import { downloadFrom } from '../../../lib/save-file';

function parse(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return null;
  }
}

/**
 * The submission read-only, as the server sends it to this reviewer (already redacted under blind
 * review): the text answers, the files, the impact design with its SROI range, and the full PDF.
 */
export function SubmissionView({ ws }: { ws: TReviewWorkspace }) {
  const { t, i18n } = useTranslation();
  const data = ws.submission;
  const fail = (e: unknown) => notifications.show({ color: 'red', message: problemText(t, e) });
  const download = (downloadId: string, name: string) =>
    void downloadFrom('Review/GetReviewFile', { assignmentId: ws.assignmentId, downloadId }, name).catch(fail);
  const ratio = (n: number | null) => (n === null ? '—' : n.toFixed(2));

  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{ws.blind ? t('review.workspace.anonymous') : data.orgName}</Text>
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
        const design = data.miniDyi.find((d) => d.stepId === section.stepId);
        const text = ZTextAnswer.safeParse(parse(section.answers));
        const upload = ZUploadAnswer.safeParse(parse(section.answers));
        return (
          <Card withBorder key={section.stepId}>
            <Stack gap="xs">
              <Title order={3} size="h4">
                {section.sectionName}
              </Title>
              {section.stepType === 'text' && (
                <Text style={{ whiteSpace: 'pre-wrap' }}>
                  {text.success && text.data.answer ? text.data.answer : t('review.workspace.noAnswer')}
                </Text>
              )}
              {section.stepType === 'upload' && (
                <Stack gap={4}>
                  {ws.files.map((f) => (
                    <Button
                      key={f.fileDownloadId}
                      variant="subtle"
                      justify="flex-start"
                      leftSection={<IconDownload size={16} />}
                      onClick={() => download(f.fileDownloadId, f.fileName)}
                    >
                      {f.slot}: {f.fileName}
                    </Button>
                  ))}
                  {!upload.success && !ws.files.length && <Text c="dimmed">{t('review.workspace.noAnswer')}</Text>}
                </Stack>
              )}
              {section.stepType === 'miniDyi' && design && (
                <Stack gap={4}>
                  <Text>
                    {t('review.workspace.sroi')}: <strong>{ratio(design.sroi.score)}</strong> (
                    {ratio(design.sroi.lowerScore)}–{ratio(design.sroi.upperScore)})
                  </Text>
                  <Text size="sm">
                    {t('review.workspace.budget')}: {design.budget ?? '—'} · {t('review.workspace.sdgs')}:{' '}
                    {design.sdg.join(', ') || '—'}
                  </Text>
                  <List size="sm">
                    {design.selectedOutcomes.map((o) => (
                      <List.Item key={`${o.stakeholderName}-${o.outcomeName}`}>
                        {o.stakeholderName}: {o.outcomeName}
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              )}
              {!['text', 'upload', 'miniDyi'].includes(section.stepType) && (
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
