import { Button, Center, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** SPEC 2: after the last step — thank-you, PDF download, back to calls. */
export function ClosingPage({ callName }: { callName: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="50vh">
      <Paper withBorder radius="lg" p="xl" maw={560} w="100%">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={40} />
          </ThemeIcon>
          <Title order={2}>{t('applying.closing.title')}</Title>
          <Text>{t('applying.closing.text', { call: callName })}</Text>
          {/* The PDF of the submitted application arrives with the PDF feature. */}
          <Tooltip label={t('applying.closing.pdfSoon')}>
            <Button variant="default" leftSection={<IconFileTypePdf size={18} />} disabled data-disabled>
              {t('applying.closing.pdf')}
            </Button>
          </Tooltip>
          <Button component={Link} to="/calls">
            {t('applying.backToCalls')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
