import { senderAs } from '../../mail/brand-sender.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

interface LinkMail {
  to: string;
  subject: string;
  greetingName: string;
  intro: string;
  buttonLabel: string;
  link: string;
  validity: string;
  ignoreNote: string;
  /** Who signs it: the brand the customer came to (SevaDocs unless said). */
  brand?: string;
}

/** A short message around one action link, in text and HTML. */
function linkMail(mail: LinkMail): OutgoingMail {
  const text = [
    `Hello ${mail.greetingName},`,
    '',
    mail.intro,
    '',
    `${mail.buttonLabel}: ${mail.link}`,
    '',
    mail.validity,
    mail.ignoreNote,
    '',
    `— ${mail.brand ?? 'SevaDocs'}`,
  ].join('\n');
  const link = escapeHtml(mail.link);
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:28px">',
    `<p style="margin:0 0 16px">Hello ${escapeHtml(mail.greetingName)},</p>`,
    `<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(mail.intro)}</p>`,
    `<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:#1f56d6;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(mail.buttonLabel)}</a></p>`,
    `<p style="margin:0 0 8px;font-size:13px;color:#475569">Or open this link: <a href="${link}">${link}</a></p>`,
    `<p style="margin:0 0 8px;font-size:13px;color:#475569">${escapeHtml(mail.validity)} ${escapeHtml(mail.ignoreNote)}</p>`,
    `<p style="margin:24px 0 0;color:#475569">— ${escapeHtml(mail.brand ?? 'SevaDocs')}</p>`,
    '</div></body></html>',
  ].join('');
  return { to: mail.to, subject: mail.subject, text, html, ...senderAs(mail.brand ?? 'SevaDocs') };
}

/** An account e-mail's one link, to its owner, in the account's brand (SevaDocs unless said). */
interface AccountLinkMail {
  to: string;
  name: string;
  link: string;
  brand?: string;
}

/** The sign-up's link, in the words of the brand signed up with (a SevaPhotos customer hears SevaPhotos). */
export function verificationMail({ to, name, link, brand = 'SevaDocs' }: AccountLinkMail): OutgoingMail {
  return linkMail({
    to,
    subject: `Verify your email for ${brand}`,
    greetingName: name,
    intro: `Thank you for signing up with ${brand}. Please confirm your email address to activate your account.`,
    buttonLabel: 'Verify my email',
    link,
    validity: 'This link works once and expires in 24 hours.',
    ignoreNote: `If you did not create a ${brand} account, you can ignore this email.`,
    brand,
  });
}

/** In the words of the brand the account was signed up on: a SevaPhotos customer never had a "SevaDocs account". */
export function passwordResetMail({ to, name, link, brand = 'SevaDocs' }: AccountLinkMail): OutgoingMail {
  return linkMail({
    to,
    subject: `Reset your ${brand} password`,
    greetingName: name,
    intro: `We received a request to reset the password of your ${brand} account.`,
    buttonLabel: 'Choose a new password',
    link,
    validity: 'This link works once and expires in 1 hour.',
    ignoreNote: 'If you did not ask for this, you can ignore this email: your password stays the same.',
    brand,
  });
}

/**
 * After the password changed (on the profile, or through a reset link): the owner hears of it at
 * the address they know, so a change they did not make is not silent (OWASP's authentication
 * cheat sheet). Its one link asks for a reset, which a stranger who changed it cannot stop.
 */
export function passwordChangedMail({ to, name, link, brand = 'SevaDocs' }: AccountLinkMail): OutgoingMail {
  return linkMail({
    to,
    subject: `Your ${brand} password was changed`,
    greetingName: name,
    intro: `The password of your ${brand} account was just changed, and every other device signed in to it was signed out. If it was you, there is nothing more to do.`,
    buttonLabel: 'It was not me: reset my password',
    link,
    validity: 'The reset link we send you works once and expires in 1 hour.',
    ignoreNote: 'If you changed it yourself, you can ignore this email.',
    brand,
  });
}

/**
 * To the owner of an address someone tried to sign up with (DESIGN.md §1: the sign-up itself
 * answers as for a new address). Nothing about the account changed; it offers both ways in.
 */
export function accountExistsMail({
  to,
  name,
  signInLink,
  resetLink,
  brand = 'SevaDocs',
}: {
  to: string;
  name: string;
  signInLink: string;
  resetLink: string;
  /** The brand of the account the address has. */
  brand?: string;
}): OutgoingMail {
  const mail = linkMail({
    to,
    subject: `Someone tried to create a ${brand} account with your email`,
    greetingName: name,
    intro: `Someone (perhaps you) just tried to create a ${brand} account with this email address, which already has an account. Nothing about your account has changed. If it was you, sign in, or reset your password if you have forgotten it.`,
    buttonLabel: 'Sign in',
    link: signInLink,
    validity: `Forgot your password? Reset it here: ${resetLink}`,
    ignoreNote: 'If it was not you, you can ignore this email: nobody can use your account without your password.',
    brand,
  });
  return mail;
}
