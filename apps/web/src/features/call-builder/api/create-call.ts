import { newCallDates, type TCall, type TCreateCallRequest, ZCall } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { callBuilderKeys } from './keys';

export async function createCall(body: TCreateCallRequest): Promise<TCall> {
  return ZCall.parse(await apiRequest<unknown>('Call/CreateCall', { method: 'POST', body }));
}

/**
 * SPEC 2 "Call editor": creating a call creates an empty call type and a call opening in one
 * month and closing in three months, in one request (one action, one line of the audit trail;
 * decision 0028). The caller then opens the editor.
 */
export async function createNewCall(name: string): Promise<TCall> {
  const { openingAt, closingAt } = newCallDates();
  return createCall({
    name,
    description: '',
    openingAt: openingAt.toISOString(),
    closingAt: closingAt.toISOString(),
    callType: { name: '', description: '', steps: [] },
  });
}

export function useCreateNewCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNewCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callBuilderKeys.all }),
  });
}
