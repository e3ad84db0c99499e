import { callListQueryKey } from '../../../lib/api/get-call-list';

/** Query keys of the call builder; mutations invalidate `all` so every admin view refreshes. */
export const callBuilderKeys = {
  all: ['call-builder'] as const,
  calls: () => callListQueryKey,
  call: (callId: string) => [...callBuilderKeys.all, 'call', callId] as const,
  stepTypes: () => [...callBuilderKeys.all, 'step-types'] as const,
  callTypes: () => [...callBuilderKeys.all, 'call-types'] as const,
};
