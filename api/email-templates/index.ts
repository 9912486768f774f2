// The e-mails of the users and authorities area (reference §2.3–2.6), named like the real
// service's templates.
import type { EmailToQueue } from '../../infra/outbox';
import { compose, formatDuration, SERVICE_NAME } from '../../infra/email-layout';
import {
  feedbackQuestions,
  feedbackQuestionText,
  feedbackRatingLabels,
  type UserFeedback,
} from '../../domain/feedback';

export function invitationToOperatorAccount(p: {
  to: string;
  accountName: string;
  roleName: string;
  link: string;
  expiryMinutes: number;
}): EmailToQueue {
  return compose('InvitationToOperatorAccount', p.to, `You have been invited to ${p.accountName}`, [
    `You have been invited to join the organisation account ${p.accountName} in the ${SERVICE_NAME} service as ${withArticle(p.roleName)}.`,
    { text: 'Accept the invitation', link: p.link },
    `The link expires in ${formatDuration(p.expiryMinutes)}. Sign in with this email address to accept it. An administrator of the account must then activate your access.`,
    'If you were not expecting this invitation, you can ignore this email.',
  ]);
}

export function invitationToRegulatorAccount(p: {
  to: string;
  competentAuthorityName: string;
  link: string;
  expiryMinutes: number;
}): EmailToQueue {
  return compose('InvitationToRegulatorAccount', p.to, `You have been invited to the ${SERVICE_NAME} service`, [
    `${p.competentAuthorityName} has invited you to the ${SERVICE_NAME} service as a regulator user.`,
    { text: 'Accept the invitation', link: p.link },
    `The link expires in ${formatDuration(p.expiryMinutes)}. Sign in with this email address to accept it.`,
  ]);
}

export function invitationToVerifier(p: {
  to: string;
  verificationBodyName: string;
  link: string;
  expiryMinutes: number;
}): EmailToQueue {
  return compose('InvitationToVerifierAccount', p.to, `You have been invited to the ${SERVICE_NAME} service`, [
    `${p.verificationBodyName} has invited you to the ${SERVICE_NAME} service.`,
    { text: 'Accept the invitation', link: p.link },
    `The link expires in ${formatDuration(p.expiryMinutes)}.`,
  ]);
}

export function inviteeInvitationAccepted(p: { to: string; scopeName: string }): EmailToQueue {
  return compose('InviteeInvitationAccepted', p.to, 'You have accepted your invitation', [
    `You have accepted the invitation to ${p.scopeName}.`,
    'Your user account needs to be activated. An administrator will activate it, and we will email you when they have.',
  ]);
}

export function inviterInvitationAccepted(p: {
  to: string;
  inviteeName: string;
  inviteeEmail: string;
  scopeName: string;
  link: string;
}): EmailToQueue {
  return compose('InviterInvitationAccepted', p.to, `${p.inviteeName} has accepted the invitation`, [
    `${p.inviteeName} (${p.inviteeEmail}) has accepted the invitation to ${p.scopeName}.`,
    'Activate their user account so they can use the service.',
    { text: `Sign in to ${SERVICE_NAME}`, link: p.link },
  ]);
}

export function userAccountActivation(p: { to: string; roleName: string; link: string }): EmailToQueue {
  return compose('UserAccountActivation', p.to, 'Your user account has been activated', [
    `Your user account has been activated. You can now use the ${SERVICE_NAME} service as ${withArticle(p.roleName)}.`,
    { text: `Sign in to ${SERVICE_NAME}`, link: p.link },
  ]);
}

export function userAccountCreated(p: { to: string; link: string }): EmailToQueue {
  return compose('UserAccountCreated', p.to, 'Your user account has been created', [
    `Your user account for the ${SERVICE_NAME} service has been created.`,
    { text: `Sign in to ${SERVICE_NAME}`, link: p.link },
  ]);
}

export function reset2faConfirmation(p: { to: string; link: string }): EmailToQueue {
  return compose('Reset2FaConfirmation', p.to, 'Your two-factor authentication has been reset', [
    'An administrator has reset the two-factor authentication of your user account.',
    'The next time you sign in you will be asked to set up a new authenticator app.',
    { text: `Sign in to ${SERVICE_NAME}`, link: p.link },
    'If you did not ask for this, contact your administrator.',
  ]);
}

function withArticle(role: string): string {
  return `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`;
}

/**
 * A satisfaction survey response for the service team (USER_FEEDBACK_RECIPIENTS), as the real
 * service's UserFeedbackForService: every rating and reason ("Not provided" for a blank), the
 * suggestion, the service's address and the time it was sent (London time).
 */
export function userFeedbackForService(p: {
  to: string;
  feedback: UserFeedback;
  serviceUrl: string;
  at: Date;
}): EmailToQueue {
  const given = (text: string | null | undefined) => (text ? text : 'Not provided');
  const lines: string[] = [];
  for (const q of feedbackQuestions) {
    lines.push(`${feedbackQuestionText[q.field]} ${feedbackRatingLabels[p.feedback[q.field]]}`);
    lines.push(`Why did you give this rating? ${given(p.feedback[q.reasonField])}`);
  }
  const when = new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/London',
  })
    .format(p.at)
    .replace(' at ', ' ')
    .replace(',', '');
  return compose('UserFeedbackForService', p.to, `New feedback received for the ${SERVICE_NAME} service`, [
    'Someone has sent feedback on the service.',
    ...lines,
    `How could we improve the service? ${given(p.feedback.improvementSuggestion)}`,
    `Service: ${p.serviceUrl}`,
    `Sent: ${when}`,
  ]);
}
