import type { NewEmail } from './outbox.repo';

/** Plain-text e-mails; links point at the web app's pages. */
export const emailTemplates = {
  passwordReset: (to: string, link: string): NewEmail => ({
    to,
    subject: 'Reset your Clinic Inventory password',
    text: `Someone asked to reset the password of your Clinic Inventory account.\n\nChoose a new password here (the link works once and expires in 1 hour):\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
  }),
  invitation: (to: string, name: string, organization: string, link: string): NewEmail => ({
    to,
    subject: `You are invited to ${organization} on Clinic Inventory`,
    text: `Hello ${name},\n\nAn account was created for you at ${organization}. Choose your password here (the link expires in 7 days):\n${link}\n\nThen sign in with this e-mail address.`,
  }),
  organizationApproved: (to: string, organization: string, loginUrl: string): NewEmail => ({
    to,
    subject: `${organization} is approved`,
    text: `Good news: ${organization} has been approved. You and your team can now sign in and start using Clinic Inventory:\n${loginUrl}`,
  }),
  organizationRejected: (to: string, organization: string): NewEmail => ({
    to,
    subject: `${organization} was not approved`,
    text: `We could not approve ${organization} on Clinic Inventory. Reply to this e-mail if you think this is a mistake.`,
  }),
  paymentReceived: (to: string, organization: string, amount: string, description: string, link: string): NewEmail => ({
    to,
    subject: `Payment received: ${amount}`,
    text: `Thank you. We received ${amount} from ${organization} for ${description}.\n\nYour subscription and invoices:\n${link}`,
  }),
  paymentFailed: (to: string, organization: string, link: string): NewEmail => ({
    to,
    subject: `Payment failed for ${organization}`,
    text: `We could not collect the payment for ${organization}'s Clinic Inventory subscription, so it is past due. Please update the card or pay the open invoice (Manage Subscriptions):\n${link}`,
  }),
  trialEnding: (to: string, organization: string, endsOn: string, link: string): NewEmail => ({
    to,
    subject: `Your free trial ends on ${endsOn}`,
    text: `${organization}'s free trial of Clinic Inventory ends on ${endsOn}. Choose a plan to keep working without interruption:\n${link}`,
  }),
};
