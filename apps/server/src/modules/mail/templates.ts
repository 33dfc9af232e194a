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
  // Sign-up answers the same whether or not the e-mail or phone has an account; these e-mails say
  // which it was, to the addresses concerned. The owner's copy holds none of the sign-up's text,
  // so a stranger cannot use the form to write to them.
  signupRegistered: (to: string, organization: string, loginUrl: string): NewEmail => ({
    to,
    subject: 'Your organization is registered',
    text: `Thank you for registering "${organization}" on Clinic Inventory. Our team reviews every new organization and will invite you to a short onboarding meeting; you will get an e-mail once it is approved.\n\nSign in at any time with this e-mail address and the password you chose:\n${loginUrl}\n\nIf you did not register, reply to this e-mail.`,
  }),
  signupAttempted: (to: string, matched: 'email' | 'phone' | 'both', loginUrl: string, recoverUrl: string): NewEmail => ({
    to,
    subject: 'Someone tried to register with your account',
    text: `Someone tried to register a new organization on Clinic Inventory with your ${matched === 'phone' ? 'phone number' : matched === 'email' ? 'e-mail address' : 'e-mail address and phone number'}. You already have an account, so nothing was created and your password is unchanged.\n\nIf it was you, sign in:\n${loginUrl}\n\nForgot your password? Choose a new one:\n${recoverUrl}\n\nIf it was not you, you can ignore this e-mail.`,
  }),
  signupRefused: (to: string, organization: string, loginUrl: string, registerUrl: string): NewEmail => ({
    to,
    subject: 'Your registration could not be completed',
    text: `Someone, perhaps you, tried to register "${organization}" on Clinic Inventory with this e-mail address, but the phone number given belongs to another account, so nothing was registered.\n\nIf you already have an account, sign in:\n${loginUrl}\n\nOtherwise register again with your own phone number:\n${registerUrl}`,
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
