/** The query key of a submission, shared by the wizard and the step components that change it. */
export const submissionKey = (id: string) => ['submissions', id] as const;

/** The submission itself as its owner's team or an administrator reads it (other reads share its prefix). */
export const submissionViewKey = (id: string, asAdmin: boolean) =>
  [...submissionKey(id), asAdmin ? 'admin' : 'owner'] as const;

/** The query key of a submission's requests for changes: the wizard reads them, the admin's panel changes them. */
export const changeRequestsKey = (submissionId: string) => ['change-requests', submissionId] as const;
