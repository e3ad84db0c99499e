/**
 * Part of every ETag made from data versions rather than from the body's bytes (the applicant's
 * call list, the public list of open calls). Such a tag does not change when a release changes what
 * the body holds for the same data, so a client holding a body of the previous release would be
 * answered 304 and keep it. Bump this whenever such a body gains, loses or computes a field
 * differently. 2: `textLanguages` on the cards and on the open calls. 3: `changesDueAt` on the cards.
 */
export const RESPONSE_FORMAT = 3;
