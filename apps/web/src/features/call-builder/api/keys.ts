/** Query keys of the call builder; mutations invalidate `all` so every admin view refreshes. */
export const callBuilderKeys = {
  all: ['call-builder'] as const,
  calls: () => [...callBuilderKeys.all, 'calls'] as const,
  call: (callId: string) => [...callBuilderKeys.all, 'call', callId] as const,
  stepTypes: () => [...callBuilderKeys.all, 'step-types'] as const,
  callTypes: () => [...callBuilderKeys.all, 'call-types'] as const,
};
