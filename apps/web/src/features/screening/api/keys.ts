/** Query keys of the screener: the admin's (per call) and the applicant's (per call and organization). */
export const screeningKeys = {
  call: (callId: string) => ['screening', 'admin', callId] as const,
  applicant: (callId: string, organizationId: string | null) =>
    ['screening', 'applicant', callId, organizationId ?? 'none'] as const,
};
