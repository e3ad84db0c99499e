import { roleAllows } from '@impact/domain';
import { useOrganizations } from '../../lib/api/get-organizations';
import { useSelectedOrganizationId } from '../../lib/selected-organization';

/**
 * Whether the person may write for the organization they work for (a viewer reads only). Until
 * their organizations are read it says yes: the list is read before the calls are shown, and the
 * wizard checks again.
 */
export function useCanWriteForSelected(): boolean {
  const organizationId = useSelectedOrganizationId();
  const role = useOrganizations().data?.find((o) => o.id === organizationId)?.role;
  return role === undefined || roleAllows(role, 'write');
}
