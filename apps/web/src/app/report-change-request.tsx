import { isLanguage, nameIn, sortSteps } from '@impact/domain';
import { Center, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCallByIdAdmin } from '../features/call-builder/api/get-call-by-id-admin';
import { RequestDialog } from '../features/change-requests/components/change-requests-panel';

/**
 * The request-for-changes dialog on a grant's report (features/grants): the change-requests
 * feature's own dialog, with the steps of the report's form call (features/call-builder).
 */
export function ReportChangeRequest({
  submissionId,
  formCallId,
  onClose,
}: {
  submissionId: string;
  formCallId: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const call = useCallByIdAdmin(formCallId);
  if (!call.data) {
    return (
      <Modal opened onClose={onClose} title={t('changeRequests.dialogTitle')}>
        <Center>
          <Loader aria-label={t('callBuilder.loading')} />
        </Center>
      </Modal>
    );
  }
  // Named as the reader reads them (the admin's call holds every language's names).
  const language = isLanguage(i18n.language) ? i18n.language : 'it';
  const steps = sortSteps(call.data.steps).map((s) => ({ id: s.id, name: nameIn(s, language) }));
  const nameOf = (id: string) => {
    const index = steps.findIndex((s) => s.id === id);
    const step = steps[index];
    return step ? step.name || t('changeRequests.untitledStep', { n: index + 1 }) : '…';
  };
  return <RequestDialog submissionId={submissionId} steps={steps} nameOf={nameOf} onClose={onClose} report />;
}
