import { useEffect } from 'react';
import { useUnreadableFigures } from '../../components/amount-input';
import { pageProblems } from './page-problems';

/**
 * A step's figures that cannot be read (its AmountInputs, through `UnreadableFigures`): each is
 * stored as none, so the step's page problems name them and the wizard's Next and Submit wait for
 * them (the registry entry reads them with `extraProblems`). Returns the count and the reporter to provide.
 */
export function useStepUnreadableFigures(stepId: string) {
  const unreadable = useUnreadableFigures();
  useEffect(() => {
    pageProblems.set(stepId, unreadable.count ? ['errors.amount.unreadable'] : [], unreadable.count > 0);
  }, [stepId, unreadable.count]);
  useEffect(() => () => pageProblems.set(stepId, []), [stepId]);
  return unreadable;
}
