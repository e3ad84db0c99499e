import { Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { adoptOrganization } from '../../../lib/selected-organization';
import { useCreateOrganization } from '../api/create-organization';
import { OrganizationForm } from './organization-form';

/** SPEC 2: applying without an organization first registers one, without leaving the list. */
export function RegisterOrganizationDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateOrganization();
  return (
    <Modal opened={opened} onClose={onClose} title={t('organizations.registerDialog.title')} size="xl">
      <Text size="sm" c="dimmed" mb="md">
        {t('organizations.registerDialog.intro')}
      </Text>
      <OrganizationForm
        submitLabel={t('organizations.registerDialog.submit')}
        onCancel={onClose}
        onSubmit={async (input) => {
          const organization = await create.mutateAsync(input);
          adoptOrganization(organization.id);
          notifications.show({ color: 'teal', message: t('organizations.register.success') });
          onCreated(organization.id);
        }}
      />
    </Modal>
  );
}
