import { callStatus, isEmptyId, parseServerDate, type TUserCallListItem } from '@impact/domain';

export type CardButton = 'submit' | 'resume' | 'closed' | 'close' | 'stage2' | 'changes';

/**
 * Where an organization invited to a call's second stage stands (docs/decisions/0034): open until
 * its own deadline and its second Submit. null: not invited (or a call in one stage).
 */
export function secondStage(call: TUserCallListItem, now = new Date()) {
  if (call.submissionStage !== 2 || !call.stageClosingAt) return null;
  const closingAt = parseServerDate(call.stageClosingAt);
  const open = !call.stageClosed && now.getTime() <= closingAt.getTime();
  return { closingAt, submitted: call.stageClosed, open };
}

/**
 * The due date of the funder's request for changes while it still reopens steps (decision 0039):
 * the list sends the date of any request neither answered nor withdrawn, and the card judges it
 * against the clock, so the page need not change when the date passes. null: nothing to change.
 */
export function changesDue(call: TUserCallListItem, now = new Date()) {
  if (!call.changesDueAt || isEmptyId(call.submissionId) || !call.submissionClosed) return null;
  const dueAt = parseServerDate(call.changesDueAt);
  return now.getTime() <= dueAt.getTime() ? dueAt : null;
}

/**
 * SPEC 2 "Call list card": one button labelled submit, resume, closed or close, and when it is
 * disabled. With no organization the button stays usable: it opens the register-organization
 * dialog (the applying issue's reading; disabling it would leave a new applicant stuck).
 */
export function cardState(call: TUserCallListItem, now = new Date(), canWrite = true) {
  const status = callStatus(call, now);
  const hasSubmission = !isEmptyId(call.submissionId);
  const notYetOpen = new Date(call.openingAt).getTime() > now.getTime();
  const stage2 = secondStage(call, now);
  let button: CardButton;
  // Invited to stage 2: open until its own deadline, whatever the call's dates say.
  if (hasSubmission && stage2?.open) button = 'stage2';
  // Sent, with steps reopened by a request for changes: the button leads a member who may write
  // to them (a viewer reads the record, as before).
  else if (canWrite && changesDue(call, now)) button = 'changes';
  else if (hasSubmission && call.submissionClosed) button = 'close';
  else if (hasSubmission) button = status === 'open' ? 'resume' : 'closed';
  else button = status === 'open' ? 'submit' : 'closed';
  const disabled = notYetOpen || (status === 'closed' && !hasSubmission) || button === 'closed';
  return { status, button, disabled, showClosedExtras: hasSubmission && call.submissionClosed && !notYetOpen };
}

/**
 * SPEC 2 "Call list card": with no organization, Submit opens the register-organization dialog,
 * "unless the configuration shows organization selection": then the organization is registered
 * on its own page, as the side panel's add-organization button does, and picked in the selector.
 */
export function submitWithoutOrganization(config: { organizationSelection: boolean }): 'dialog' | 'registerPage' {
  return config.organizationSelection ? 'registerPage' : 'dialog';
}
