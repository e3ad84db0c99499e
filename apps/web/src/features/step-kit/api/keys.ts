/** The query key of a submission, shared by the wizard and the step components that change it. */
export const submissionKey = (id: string) => ['submissions', id] as const;
