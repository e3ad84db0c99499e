import {
  isEmptyId,
  RETENTION_LIMITS,
  sortSteps,
  type TCall,
  type TCallTranslations,
  type TCallType,
  type TStep,
  type TStepInput,
  type TUpdateCallRequest,
  unfinishedStepProblems,
} from '@impact/domain';
import { fromPickerValue, toPickerValue } from '../../lib/picker-values';

/** A step in the editor: `key` identifies it in the list before the server gives it an id. */
export type DraftStep = TStepInput & { key: string };

/** The call being edited. Dates are picker values; nothing reaches the server before Save. */
export type CallDraft = {
  name: string;
  description: string;
  openingAt: string | null;
  closingAt: string | null;
  lockEnabled: boolean;
  callLockEnd: string | null;
  /** The lock as saved on the server: from then on it is fixed (SPEC 4). */
  savedLockEnd: string | null;
  isUserFilterEnable: boolean;
  userFilterEmail: string;
  powerBIReportID: string;
  powerBIWorkspaceID: string;
  userPowerBIReportID: string;
  userPowerBIWorkspaceID: string;
  /** Retention (null: kept): drafts erased this many months after closing, everything after these years. */
  draftRetentionMonths: number | null;
  retentionYears: number | null;
  /** Name and description in the languages beside the default (whose texts are `name` and `description`). */
  translations: TCallTranslations;
  steps: DraftStep[];
  /** The call's `updatedAt` this draft was made from: a save over a later version is refused (409). */
  basedOnUpdatedAt: string;
  /** Its call type's, for the steps (saved elsewhere too: the call types page, another call on the type). */
  basedOnCallTypeUpdatedAt?: string;
};

/** The versions a save of the draft is based on, as the call read `call` gives them. */
export const basesOf = (call: TCall): Pick<CallDraft, 'basedOnUpdatedAt' | 'basedOnCallTypeUpdatedAt'> => ({
  basedOnUpdatedAt: call.updatedAt,
  basedOnCallTypeUpdatedAt: call.callTypeUpdatedAt,
});

let counter = 0;
export const newKey = () => `new-${Date.now().toString(36)}-${++counter}`;

export function stepToDraft(step: TStep): DraftStep {
  return {
    key: step.id,
    id: step.id,
    name: step.name,
    description: step.description,
    content: step.content,
    sort: step.sort,
    stepTypeId: step.stepTypeId,
    expectedAnswers: step.expectedAnswers,
    subSteps: step.subSteps,
    translations: step.translations,
    stage: step.stage === 2 ? 2 : 1,
  };
}

export function callToDraft(call: TCall): CallDraft {
  return {
    name: call.name,
    description: call.description,
    openingAt: toPickerValue(call.openingAt),
    closingAt: toPickerValue(call.closingAt),
    lockEnabled: call.callLockEnd !== null,
    callLockEnd: toPickerValue(call.callLockEnd),
    savedLockEnd: call.callLockEnd,
    isUserFilterEnable: call.isUserFilterEnable,
    userFilterEmail: call.userFilterEmail,
    powerBIReportID: call.powerBIReportID ?? '',
    powerBIWorkspaceID: call.powerBIWorkspaceID ?? '',
    userPowerBIReportID: call.userPowerBIReportID ?? '',
    userPowerBIWorkspaceID: call.userPowerBIWorkspaceID ?? '',
    draftRetentionMonths: call.draftRetentionMonths ?? null,
    retentionYears: call.retentionYears ?? null,
    translations: call.translations,
    steps: sortSteps(call.steps).map(stepToDraft),
    ...basesOf(call),
  };
}

/** Problems the editor shows before sending anything; keys are translation keys. */
export function draftProblems(draft: CallDraft, now = new Date()) {
  const opening = fromPickerValue(draft.openingAt);
  const closing = fromPickerValue(draft.closingAt);
  const lockEnd = fromPickerValue(draft.callLockEnd);
  return {
    name: draft.name.trim() ? null : 'errors.field.required',
    openingAt: opening ? null : 'errors.field.required',
    closingAt: !closing
      ? 'errors.field.required'
      : opening && closing <= opening
        ? 'errors.calls.closingBeforeOpening'
        : null,
    callLockEnd:
      draft.lockEnabled && !draft.savedLockEnd
        ? !lockEnd
          ? 'errors.field.required'
          : new Date(lockEnd) < now
            ? 'errors.calls.callLockInPast'
            : null
        : null,
    steps: draft.steps.some((s) => isEmptyId(s.stepTypeId)) ? 'errors.calls.stepTypeRequired' : null,
    draftRetentionMonths: retentionProblem(draft.draftRetentionMonths, RETENTION_LIMITS.draftMonthsMax),
    retentionYears: retentionProblem(draft.retentionYears, RETENTION_LIMITS.yearsMax),
  };
}

/** A step that keeps the call from being published: its key, its place (from 1) and why. */
export type UnfinishedStep = { key: string; step: number; messageKey: string };

/**
 * The steps the server refuses to publish (`unfinishedStepProblems`, as the save sends them). Of a
 * call already published, only the steps added or changed since `published` (the steps as loaded):
 * the server does not judge one nobody touched.
 */
export function unfinishedSteps(
  steps: DraftStep[],
  typeName: (stepTypeId: string) => string | undefined,
  published?: DraftStep[],
): UnfinishedStep[] {
  const before = new Map((published ?? []).map((s) => [s.id, s]));
  const untouched = (step: DraftStep) => {
    const was = step.id ? before.get(step.id) : undefined;
    return was?.name === step.name && was.stepTypeId === step.stepTypeId && was.content === step.content;
  };
  return steps.flatMap((step, index) =>
    published && untouched(step)
      ? []
      : unfinishedStepProblems(step, typeName(step.stepTypeId)).map((p) => ({
          key: step.key,
          step: index + 1,
          messageKey: p.messageKey,
        })),
  );
}

/** The same bounds the server checks (ZUpdateCallRequest): empty, or a whole number from 1 to max. */
const retentionProblem = (value: number | null, max: number) =>
  value === null || (Number.isInteger(value) && value >= 1 && value <= max) ? null : 'errors.calls.retentionRange';

const emptyToNull = (v: string) => (v.trim() === '' || isEmptyId(v.trim()) ? null : v.trim());

/** SPEC 4 "Call save sequence" as one request: the call type with its steps, then the call. */
export function draftToUpdateRequest(
  call: TCall,
  callType: TCallType | undefined,
  draft: CallDraft,
): TUpdateCallRequest {
  const callLockEnd = draft.savedLockEnd ?? (draft.lockEnabled ? fromPickerValue(draft.callLockEnd) : null);
  return {
    id: call.id,
    name: draft.name.trim(),
    description: draft.description,
    openingAt: fromPickerValue(draft.openingAt) ?? call.openingAt,
    closingAt: fromPickerValue(draft.closingAt) ?? call.closingAt,
    callLockEnd,
    callTypeId: call.callTypeId,
    isUserFilterEnable: draft.isUserFilterEnable,
    userFilterEmail: draft.userFilterEmail,
    // SPEC 5: empty report ids are sent as absent.
    powerBIReportID: emptyToNull(draft.powerBIReportID),
    powerBIWorkspaceID: emptyToNull(draft.powerBIWorkspaceID),
    userPowerBIReportID: emptyToNull(draft.userPowerBIReportID),
    userPowerBIWorkspaceID: emptyToNull(draft.userPowerBIWorkspaceID),
    draftRetentionMonths: draft.draftRetentionMonths,
    retentionYears: draft.retentionYears,
    translations: draft.translations,
    callType: {
      id: call.callTypeId,
      name: callType?.name ?? '',
      description: callType?.description ?? '',
      steps: draft.steps.map(({ key: _key, ...step }) => step),
    },
    basedOnUpdatedAt: draft.basedOnUpdatedAt,
    basedOnCallTypeUpdatedAt: draft.basedOnCallTypeUpdatedAt,
  };
}

/** The simple edit form changes name, description and dates only; everything else is sent back as it is. */
export function callToUpdateRequest(call: TCall, changes: Partial<TUpdateCallRequest>): TUpdateCallRequest {
  return {
    id: call.id,
    name: call.name,
    description: call.description,
    openingAt: call.openingAt,
    closingAt: call.closingAt,
    callTypeId: call.callTypeId,
    isUserFilterEnable: call.isUserFilterEnable,
    userFilterEmail: call.userFilterEmail,
    powerBIReportID: call.powerBIReportID,
    powerBIWorkspaceID: call.powerBIWorkspaceID,
    userPowerBIReportID: call.userPowerBIReportID,
    userPowerBIWorkspaceID: call.userPowerBIWorkspaceID,
    basedOnUpdatedAt: call.updatedAt,
    // A draft stays one: its name and dates changed here publish nothing (the editor does).
    draft: call.draft,
    ...changes,
  };
}

/** The steps of `draft` that were sent new (without an id), given the id the save gave them (by their place). */
export function withSavedIds(draft: DraftStep[], sent: DraftStep[], saved: TCall): DraftStep[] {
  const idOf = new Map(
    sent.filter((s) => !s.id).map((s) => [s.key, saved.steps.find((x) => x.sort === s.sort)?.id] as const),
  );
  return draft.map((s) => {
    const id = s.id ? undefined : idOf.get(s.key);
    return id ? { ...s, id } : s;
  });
}
