export const reportKeys = {
  all: ['reports'] as const,
  dashboard: (callId: string) => ['reports', 'dashboard', callId] as const,
  organizations: (callId: string, cursor: string | null) => ['reports', 'organizations', callId, cursor] as const,
  surveySteps: (callId: string) => ['reports', 'survey-steps', callId] as const,
  surveyReport: (callId: string, stepId: string, includeOpen: boolean) =>
    ['reports', 'survey', callId, stepId, includeOpen] as const,
};
