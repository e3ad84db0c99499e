import { useLayoutEffect } from 'react';
import type { StepProps } from './step-props';

const nothingToSave = async () => true;

/**
 * Gives the wizard a flush that does nothing as soon as a step is drawn, so the previous step's
 * never stands in for this one. A step that saves typing registers its own from its effects, which
 * run after this layout effect; steps without typing to save (uploads save as they act), and one
 * whose file is still coming (lazy-step.tsx), keep this one. It is not the loader's to do: a loaded
 * step shown again after a suspension re-runs none of its effects, and would lose its flush.
 */
export function useFlushReset(registerFlush: StepProps['registerFlush']) {
  useLayoutEffect(() => {
    registerFlush(nothingToSave);
  }, [registerFlush]);
}
