/** What the service writes to a person about their account: plain text, one link each, and who to ask when it was not them. */
import { aRole } from '../grants/roles.js';
import type { Mail } from '../mail/mail-outbox.js';
import { type PendingSignUp, TOKEN_MINUTES } from './account-tokens.js';

const SIGN_OFF =
  '\n\n— Service Valuations\nYou received this because this address was typed on the Service Valuations API Console.';
const hours = (minutes: number) => (minutes >= 60 ? `${minutes / 60} hours` : `${minutes} minutes`);

/**
 * Text someone typed (a name, an organization), in mail to an address that has not shown it wants
 * mail from us: in quotes, and with every `.`, `:` and `/` followed by a zero-width space, so no mail
 * client makes a link of it.
 */
export const inert = (typed: string) => `“${typed.replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/[.:/@]/g, '$&\u200b')}”`;

export const accountMail = {
  confirm: (signUp: PendingSignUp, link: string): Mail => ({
    to: signUp.email,
    subject: 'Confirm your address for the Service Valuations API Console',
    text: `Hello,\n\nOpen this link to confirm that ${signUp.email} is yours and make your account (the page shows the name and organization typed at sign-up before anything is made):\n\n${link}\n\nThe link works once, for ${hours(TOKEN_MINUTES.sign_up)}. If you did not sign up, ignore this message: no account is made without it.${SIGN_OFF}`,
  }),

  alreadyThere: (to: string, signIn: string, reset: string): Mail => ({
    to,
    subject: 'You already have a Service Valuations account',
    text: `Hello,\n\nSomeone (perhaps you) tried to sign up with ${to}, which already has an account. Nothing was changed.\n\nSign in: ${signIn}\nForgot your password? ${reset}${SIGN_OFF}`,
  }),

  reset: (to: string, name: string, link: string): Mail => ({
    to,
    subject: 'Reset your Service Valuations password',
    text: `Hello ${name},\n\nOpen this link to choose a new password:\n\n${link}\n\nThe link works once, for ${hours(TOKEN_MINUTES.reset_password)}; choosing a new password signs you out everywhere. If you did not ask for it, ignore this message: your password stays as it is.${SIGN_OFF}`,
  }),

  noAccount: (to: string, signUp: string): Mail => ({
    to,
    subject: 'No Service Valuations account uses this address',
    text: `Hello,\n\nSomeone (perhaps you) asked to reset the password of an account at ${to}, but no account uses this address. Nothing was changed.\n\nTo make an account: ${signUp}${SIGN_OFF}`,
  }),

  invitation: (
    to: string,
    about: { organization: string; by: string; role: string; days: number },
    link: string,
  ): Mail => ({
    to,
    subject: 'You are invited to an organization on Service Valuations',
    text: `Hello,\n\n${inert(about.by)} invites you to join the organization ${inert(about.organization)} on the Service Valuations API Console, as ${aRole(about.role)}. Open this link to see the invitation and accept it:\n\n${link}\n\nThe link works once, for ${about.days} days. If you do not know who sent it, ignore this message.${SIGN_OFF}`,
  }),

  emailChangeOld: (to: string, name: string, next: string, link: string): Mail => ({
    to,
    subject: 'Confirm the change of your Service Valuations address',
    text: `Hello ${name},\n\nYou asked to change your account's address from ${to} to ${next}. Open this link to confirm it from this address:\n\n${link}\n\nThe change is made once it is confirmed here and at ${next}, within 24 hours. If you did not ask for it, do not open the link, and change your password: someone knows it.${SIGN_OFF}`,
  }),

  emailChangeNew: (to: string, name: string, link: string): Mail => ({
    to,
    subject: 'Confirm your new address for Service Valuations',
    text: `Hello ${name},\n\nOpen this link to confirm that ${to} is yours and make it your account's address:\n\n${link}\n\nThe change is made once it is also confirmed at your current address, within 24 hours. If you did not ask for it, ignore this message.${SIGN_OFF}`,
  }),

  emailChanged: (to: string, name: string, next: string): Mail => ({
    to,
    subject: 'Your Service Valuations address was changed',
    text: `Hello ${name},\n\nYour account's address is now ${next}: sign in with it from now on. This address (${to}) gets no more messages about the account.${SIGN_OFF}`,
  }),

  /** A change to how the person signs in: they hear of it, in case it was not them. */
  signInChanged: (to: string, name: string, what: string, reset: string): Mail => ({
    to,
    subject: 'A change to how you sign in to Service Valuations',
    text: `Hello ${name},\n\n${what}\n\nIf this was not you, reset your password now (${reset}), then remove what you do not recognise on your account's security page.${SIGN_OFF}`,
  }),

  /** Failed sign-ins for the person's address from anywhere passed GUESSING_ALERT_AFTER today. */
  beingGuessed: (to: string, name: string, failures: number, reset: string): Mail => ({
    to,
    subject: 'Someone is trying to sign in to your Service Valuations account',
    text: `Hello ${name},\n\nThere were ${failures} failed sign-ins with your address today. Your own sign-ins are not held up by them. If they were not you, your password is still safe as long as nobody knows it; if you think someone might, reset it now: ${reset}\n\nA passkey or an authenticator app (on your account's security page) keeps a guessed password from being enough.${SIGN_OFF}`,
  }),

  passwordChanged: (to: string, name: string, reset: string): Mail => ({
    to,
    subject: 'Your Service Valuations password was changed',
    text: `Hello ${name},\n\nYour password was changed, and every other session was signed out. If this was not you, reset your password now: ${reset}${SIGN_OFF}`,
  }),
};
