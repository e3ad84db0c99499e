import {
  DECISION_OUTCOMES,
  SUBMISSION_STATUS_FILTERS,
  type TDecisionOutcome,
  type TSubmissionStatusFilter,
} from '@impact/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

type Filter = 'call' | 'status' | 'outcome' | 'stage' | 'q';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/**
 * The submissions tab's filters live in the address (`?tab=submissions&call=…&status=…&q=…`): an
 * officer who opens an application and comes back with Back finds the list as it was, and a link
 * to a filtered list can be shared. A value the tab does not know is read as no filter.
 */
export function useSubmissionFilterParams() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (name: Filter, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const call = params.get('call');
  return {
    callId: call && UUID.test(call) ? call : null,
    status: oneOf<TSubmissionStatusFilter>(SUBMISSION_STATUS_FILTERS, params.get('status')),
    outcome: oneOf<TDecisionOutcome | 'none'>([...DECISION_OUTCOMES, 'none'], params.get('outcome')),
    stage: oneOf(['1', '2'], params.get('stage')),
    query: params.get('q') ?? '',
    set,
  };
}
