import type { TUserCall } from '@impact/domain';

/**
 * What the wizard calls what is being written: an application, or a grant's report (decision
 * 0044: a report is filled in the same wizard), and where "back" leads: the calls, or the grant;
 * for an administrator reading it, the submissions, or the grant.
 */
export function wizardWords(call: Pick<TUserCall, 'reportGrantId'> | undefined) {
  const grantId = call?.reportGrantId;
  if (!grantId) {
    return {
      submit: 'applying.submit',
      confirmTitle: 'applying.confirm.title',
      confirmText: 'applying.confirm.text',
      processing: 'applying.processing',
      closingTitle: 'applying.closing.title',
      closingText: 'applying.closing.text',
      // What happens next, said on the thank-you page (an application only).
      closingNext: ['applying.closing.nextReceipt', 'applying.closing.nextReview', 'applying.closing.nextDecision'],
      back: 'applying.backToCalls',
      backTo: '/calls',
      againTitle: 'applying.changes.confirmTitle',
      againText: 'applying.changes.confirmText',
      readerOf: 'applying.adminView.of',
      readerBack: 'applying.adminView.back',
      readerBackTo: '/admin?tab=submissions',
      submitted: 'applying.status.submitted',
    } as const;
  }
  return {
    submit: 'applying.report.submit',
    confirmTitle: 'applying.report.confirmTitle',
    confirmText: 'applying.report.confirmText',
    processing: 'applying.report.processing',
    closingTitle: 'applying.report.closingTitle',
    closingText: 'applying.report.closingText',
    closingNext: null,
    back: 'applying.report.back',
    backTo: `/grants/${grantId}`,
    againTitle: 'applying.report.againTitle',
    againText: 'applying.report.againText',
    readerOf: 'applying.report.readerOf',
    readerBack: 'applying.report.back',
    readerBackTo: `/grants/${grantId}`,
    // Its own word: French agrees it with "rapport" ("Envoyé"), not "candidature".
    submitted: 'applying.report.submitted',
  } as const;
}
