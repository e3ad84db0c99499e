import { ReviewWorkspacePage } from '../../features/review/pages/review-workspace-page';
import { ReviewSectionsProvider } from '../../features/step-kit/review-sections';
import { REVIEW_SECTIONS } from './review';

/** The reviewer's workspace, given each step type's section (its own route chunk). */
export const ReviewWorkspaceRoute = () => (
  <ReviewSectionsProvider types={REVIEW_SECTIONS}>
    <ReviewWorkspacePage />
  </ReviewSectionsProvider>
);
