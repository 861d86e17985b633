import { escapeHtml } from '../../domain/content/html.ts';
import type { OutgoingMail } from './mailer.ts';

export interface SimpleMail {
  to: string;
  subject: string;
  /** The message's first line, in bold. */
  heading: string;
  /** Paragraphs before the details. */
  intro: string[];
  /** Label and value pairs, shown as a table (values may span lines). */
  details?: [string, string][];
  /** Paragraphs after the details. */
  outro?: string[];
  /** The company name signed at the bottom. */
  signature: string;
  replyTo?: string;
  /** OutgoingMail.fromName: the brand the e-mail is sent as, when not MAIL_FROM's. */
  fromName?: string;
}

/**
 * A plain, readable e-mail in text and HTML from the same parts. Every value is escaped: the
 * details often carry what a visitor typed into a form.
 */
export function simpleMail(mail: SimpleMail): OutgoingMail {
  const details = mail.details ?? [];
  const outro = mail.outro ?? [];
  const text = [
    mail.heading,
    '',
    ...mail.intro.flatMap((p) => [p, '']),
    ...details.map(([label, value]) => `${label}: ${value.includes('\n') ? `\n${value}\n` : value}`),
    ...(details.length > 0 ? [''] : []),
    ...outro.flatMap((p) => [p, '']),
    `— ${mail.signature}`,
  ].join('\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`;
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:6px 16px 6px 0;color:#475569;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:28px">',
    `<h1 style="margin:0 0 16px;font-size:20px;color:#1b3b89">${escapeHtml(mail.heading)}</h1>`,
    ...mail.intro.map(paragraph),
    rows
      ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;font-size:14px">${rows}</table>`
      : '',
    ...outro.map(paragraph),
    `<p style="margin:24px 0 0;color:#475569">— ${escapeHtml(mail.signature)}</p>`,
    '</div></body></html>',
  ].join('');
  return {
    to: mail.to,
    subject: mail.subject,
    text,
    html,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.fromName ? { fromName: mail.fromName } : {}),
  };
}
