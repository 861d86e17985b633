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
  /**
   * Paragraphs after the details: our own words, never what a visitor or staff typed (those go in
   * the intro or the details), so their http(s) URLs, the links we build to our site's pages, are
   * links in the HTML.
   */
  outro?: string[];
  /** The company name signed at the bottom. */
  signature: string;
  replyTo?: string;
  /** OutgoingMail.fromName: the brand the e-mail is sent as, when not MAIL_FROM's. */
  fromName?: string;
}

/**
 * A run without a space this long (a payment id, a link, an e-mail address) may break anywhere, or
 * it would hold a phone's screen wider than the card; shorter ones, amounts among them, never do.
 */
const LONG_RUN = /(\S{17,})/u;

/** Escaped text whose long runs may break anywhere (a span, not `<wbr>`: the run copies and reads whole). */
function breakable(text: string): string {
  return text
    .split(LONG_RUN)
    .map((part, i) => (i % 2 ? `<span style="word-break:break-all">${escapeHtml(part)}</span>` : escapeHtml(part)))
    .join('');
}

/** An http(s) URL in our own words, without the punctuation that may end its sentence. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/gu;

/** Our own words with their URLs as links (escaped, and free to break on a narrow screen). */
function withLinks(text: string): string {
  let html = '';
  let at = 0;
  for (const { 0: url, index } of text.matchAll(URL_IN_TEXT)) {
    html += breakable(text.slice(at, index));
    html += `<a href="${escapeHtml(url)}" style="color:#1f56d6;word-break:break-all">${escapeHtml(url)}</a>`;
    at = index + url.length;
  }
  return html + breakable(text.slice(at));
}

/**
 * A plain, readable e-mail in text and HTML from the same parts. Every value is escaped: the
 * details often carry what a visitor typed into a form. The HTML fits a phone's screen: labels
 * wrap, long ids and links break, and only the outro's URLs are links.
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

  const paragraph = (html: string) => `<p style="margin:0 0 16px;line-height:1.5">${html}</p>`;
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:6px 16px 6px 0;color:#475569;font-weight:600">${breakable(label)}</th><td valign="top" style="padding:6px 0;white-space:pre-wrap">${breakable(value)}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:28px">',
    `<h1 style="margin:0 0 16px;font-size:20px;color:#1b3b89">${escapeHtml(mail.heading)}</h1>`,
    ...mail.intro.map((p) => paragraph(breakable(p))),
    rows
      ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;font-size:14px">${rows}</table>`
      : '',
    ...outro.map((p) => paragraph(withLinks(p))),
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
