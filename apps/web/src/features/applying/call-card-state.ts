import { callStatus, isEmptyId, type TUserCallListItem } from '@impact/domain';

export type CardButton = 'submit' | 'resume' | 'closed' | 'close';

/**
 * SPEC 2 "Call list card": one button labelled submit, resume, closed or close, and when it is
 * disabled. With no organization the button stays usable: it opens the register-organization
 * dialog (the applying issue's reading; disabling it would leave a new applicant stuck).
 */
export function cardState(call: TUserCallListItem, now = new Date()) {
  const status = callStatus(call, now);
  const hasSubmission = !isEmptyId(call.submissionId);
  const notYetOpen = new Date(call.openingAt).getTime() > now.getTime();
  let button: CardButton;
  if (hasSubmission && call.submissionClosed) button = 'close';
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
