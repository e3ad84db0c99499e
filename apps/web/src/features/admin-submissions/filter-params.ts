import {
  DECISION_OUTCOMES,
  SUBMISSION_STATUS_FILTERS,
  type TDecisionOutcome,
  type TSubmissionStatusFilter,
} from '@impact/domain';
import { useReplaceSearchParam } from '../../lib/replace-search-param';

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
  const [params, set] = useReplaceSearchParam();
  const call = params.get('call');
  return {
    callId: call && UUID.test(call) ? call : null,
    status: oneOf<TSubmissionStatusFilter>(SUBMISSION_STATUS_FILTERS, params.get('status')),
    outcome: oneOf<TDecisionOutcome | 'none'>([...DECISION_OUTCOMES, 'none'], params.get('outcome')),
    stage: oneOf(['1', '2'], params.get('stage')),
    query: params.get('q') ?? '',
    set: set as (name: Filter, value: string | null) => void,
  };
}
