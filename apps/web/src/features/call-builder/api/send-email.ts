import { type TSendEmailRequest, ZSendEmailResponse } from '@impact/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function sendEmail(input: TSendEmailRequest) {
  return ZSendEmailResponse.parse(await apiRequest('SendEmail/SendEmail', { method: 'POST', body: input }));
}

export function useSendEmail() {
  return useMutation({ mutationFn: sendEmail });
}
