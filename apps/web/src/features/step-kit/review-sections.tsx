import type { TPdfSection, TReviewWorkspace } from '@impact/domain';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * The reviewer's part of the step-type registry (packages/domain/src/step-types): the review
 * feature draws each step with its type's section, which `app/step-types/review.ts` composes from
 * features/step-types (a shipped type without one fails to compile there), and never names a type.
 */

/** What the reviewer's page gives the section of each step (already redacted under blind review). */
export type ReviewSectionProps = {
  section: TPdfSection;
  workspace: TReviewWorkspace;
  /** Downloads one of the submission's files, as this reviewer may. */
  downloadFile: (downloadId: string, fileName: string) => void;
};

/** The reviewer's sections by type name; a type this version does not know has no entry. */
export type ReviewSections = Readonly<Record<string, ComponentType<ReviewSectionProps> | null | undefined>>;

const ReviewTypes = createContext<ReviewSections>({});

/** The reviewer's page of each type's section, given by app/step-types/review-route.tsx. */
export const ReviewSectionsProvider = ({ types, children }: { types: ReviewSections; children: ReactNode }) => (
  <ReviewTypes.Provider value={types}>{children}</ReviewTypes.Provider>
);

/** The reviewer's section of each type (none: "in the PDF"; null: the step is left out). */
export const useReviewSections = () => useContext(ReviewTypes);
