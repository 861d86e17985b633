import { z } from 'zod';
import { type Jurisdiction, straightToMission } from '../jurisdiction/jurisdiction.ts';
import { type OrderStatus, toOrderStatus } from '../orders/status.ts';

/**
 * Where the customer posts a mission's file (decision 0179): our jurisdiction sources give most
 * missions no postal address (decision 0105), so our team confirms it on the order, as the
 * envelope's lines (who receives it, then the street, city and code). The print pack's label prints
 * it, the order page shows it and the customer is e-mailed it. Shared by the server, the desk and
 * the order page.
 */

/** At least who receives it, a street and a city line: a walk confirmed two lines with no street. */
export const POSTING_ADDRESS_LIMITS = { minLines: 3, maxLines: 8, lineMaxLength: 100 } as const;
const L = POSTING_ADDRESS_LIMITS;

export const POSTING_ADDRESS_MESSAGES = {
  confirmed: 'Posting address confirmed: the customer is e-mailed it.',
  unchanged: 'This address was confirmed already: nothing was changed or sent again.',
  linesRequired: 'Enter the address, one envelope line per line',
  tooFewLines: `Enter at least ${L.minLines} lines: who receives the file (the centre or the mission), then the street, city and code`,
  tooManyLines: `Enter at most ${L.maxLines} lines`,
  emptyLine: (line: number) => `Line ${line} is empty: fill it in or remove it`,
  lineTooLong: (line: number) => `Line ${line} is longer than ${L.lineMaxLength} characters`,
  controlCharacter: (line: number) =>
    `Line ${line} holds a character that cannot be printed (a tab, another control character or an invisible one such as a text-direction mark)`,
  /** An e-Visa: filed online, nothing is posted. */
  notPosted:
    'This application is filed online on the official portal: nothing is posted, so it has no posting address.',
  /** A photo order. */
  notAnApplication: 'A photo order is not posted to a mission: it has no posting address.',
  notPaid: 'Confirm the posting address of a paid order that is not cancelled or refunded.',
  /** Past Submitted: the customer has posted the file, so a new address would send them nothing they can use. */
  alreadySent: (status: string) =>
    `This order is ${status}: the customer has posted the file already, so its posting address can no longer be confirmed or changed.`,
  /**
   * The desk's form was filled for another mission than the order's now (the customer's answers
   * moved it meanwhile, which withdrew any address confirmed): `now` is the mission's name, null
   * while none is known.
   */
  missionChanged: (now: string | null) =>
    `This order’s mission changed since the page was opened (${now ? `now the ${now}` : 'it has none now'}): check the address and confirm it again.`,
  /** A staff move to Submitted before it (applications/posting-address.ts submittedHeld). */
  confirmBeforeSubmitted:
    'Confirm the posting address first: Submitted tells the customer their order page says where to post the file.',
} as const;
const M = POSTING_ADDRESS_MESSAGES;

/**
 * A tab, a line break or any other control character, or an invisible format character (a
 * right-to-left override, a zero-width space): nothing a label prints as it reads on screen.
 */
export const CONTROL_CHARACTER = /[\p{Cc}\p{Cf}]/u;

/** PUT /admin/orders/{ref}/posting-address: the envelope's lines, each trimmed. */
export const postingAddressSchema = z.object({
  lines: z
    .array(z.string({ error: M.linesRequired }).trim(), { error: M.linesRequired })
    .superRefine((lines, ctx) => {
      lines.forEach((line, i) => {
        const message =
          line === ''
            ? M.emptyLine(i + 1)
            : line.length > L.lineMaxLength
              ? M.lineTooLong(i + 1)
              : CONTROL_CHARACTER.test(line)
                ? M.controlCharacter(i + 1)
                : null;
        if (message) ctx.addIssue({ code: 'custom', path: [i], message });
      });
      if (lines.length < L.minLines) ctx.addIssue({ code: 'custom', message: M.tooFewLines });
      if (lines.length > L.maxLines) ctx.addIssue({ code: 'custom', message: M.tooManyLines });
    })
    .describe(
      'The envelope’s lines: who receives the file (the centre or the mission), then the street, city and code',
    ),
  mission: z
    .string()
    .nullable()
    .describe(
      'The name of the order’s mission the form was filled for (`mission.mission.name`), null for none: another than the order’s now is refused (409)',
    ),
});
export type PostingAddressInput = z.infer<typeof postingAddressSchema>;

/** What the customer's order answers: the lines our team confirmed, and when. */
export const postingAddressViewSchema = z.object({
  lines: z.array(z.string()),
  confirmedAt: z.string(),
});
export type PostingAddress = z.infer<typeof postingAddressViewSchema>;

/** What the desk's confirmation answers: the same, with the member of staff who confirmed it. */
export const confirmedPostingAddressSchema = postingAddressViewSchema.extend({
  confirmedBy: z.string().describe('The e-mail address of the member of staff who confirmed it'),
});
export type ConfirmedPostingAddress = z.infer<typeof confirmedPostingAddressSchema>;

/** The desk's textarea as lines: one per line of text, trimmed, blank lines left out. */
export function postingAddressLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Whether two addresses print the same envelope. */
export const sameLines = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, i) => line === b[i]);

/**
 * The label's lines from the order's stored mission, where our sources give its postal address: the
 * centre the papers are posted to (the address is the outsourced centre's, not the consulate's), for
 * which mission, then the street lines with the city, state or province and code kept on one line
 * ("San Francisco, CA 94108"). Null without a mission or its address, and for a service sent straight
 * to the mission (`straightToMission`), which bypasses the centre. The desk's form starts from them.
 */
export function missionPostingLines(mission: Jurisdiction | null, serviceSlug: string): string[] | null {
  const address = mission?.postalAddress;
  if (!mission || !address || straightToMission(serviceSlug, mission.country)) return null;
  const parts = address.split(',').map((part) => part.trim());
  return [
    mission.centre.provider,
    `for the ${mission.mission.name}`,
    ...parts.slice(0, -2),
    parts.slice(-2).join(', '),
  ];
}

/**
 * Paid, neither cancelled nor refunded, and not past Submitted: the statuses in which where the file
 * goes still matters. Staff confirm or correct the address only then, and the order page shows it only
 * then: once decided or completed, the customer posted the file long ago.
 */
const POSTING_ADDRESS_OPEN: readonly OrderStatus[] = ['Forms incomplete', 'Order pending', 'In review', 'Submitted'];

/** Whether an order in `status` (any casing) still has its posting address confirmed, corrected and shown. */
export function postingAddressOpen(status: string): boolean {
  const s = toOrderStatus(status);
  return s !== null && POSTING_ADDRESS_OPEN.includes(s);
}

/**
 * Whether the customer may send the file now: Submitted is our team's check done ("it is ready for you
 * to send"). Before it, an address already confirmed is only where the file will go.
 */
export const readyToSend = (status: string) => toOrderStatus(status) === 'Submitted';

/**
 * What the customer does once our team has checked the file (the order page's to-do at Submitted):
 * post it to the address confirmed, or submit it on the portal. Null for an order not at Submitted,
 * one with nothing to send, and a posted file whose address is not confirmed yet: nothing is theirs
 * to do until it is, and the "Where to post your file" panel says to wait.
 */
export function sendingToDo(order: {
  status: string;
  filing: 'mission' | 'online' | 'none';
  postingAddress: unknown;
}): string | null {
  if (!readyToSend(order.status)) return null;
  if (order.filing === 'online') return POSTING_ADDRESS_TEXT.toDoOnline;
  if (order.filing !== 'mission') return null;
  return order.postingAddress ? POSTING_ADDRESS_TEXT.toDoPost : null;
}

/** What the customer reads about where their file goes (the order page, the e-mail, the label). */
export const POSTING_ADDRESS_TEXT = {
  heading: 'Where to post your file',
  /**
   * Until our team confirms the address: the order page says it, and the print pack's label in the
   * address's place (MISSION_ADDRESS_MISSING).
   */
  wait: 'Our team confirms the address on your order page and by e-mail before you post anything: do not post your file until then.',
  confirmedOn: (date: string) => `Confirmed by our team on ${date}.`,
  /**
   * An address confirmed before Submitted (staff may confirm it while the order is In review): on the
   * order page under it, in its e-mail and notification. Submitted's own words are the message meant.
   */
  notYet: 'Do not post your file yet: wait for our message that your application is ready to send.',
  /** The e-Visa's panel: where it goes is the portal. */
  onlineHeading: 'Where your application goes',
  online: 'You submit it yourself on the official portal: nothing is posted.',
  mailSubject: (displayId: string) => `Where to post your application (order ${displayId})`,
  mailHeading: 'Where to post your application',
  mailIntro: 'Our team has confirmed where you post your file.',
  /** A change of an address already confirmed. */
  correctionSubject: (displayId: string) => `Correction: where to post your application (order ${displayId})`,
  correctionIntro:
    'This is a correction: our team has changed the address you post your file to. Use this one, not the one in our earlier e-mail.',
  /** The line before the address in the e-mail: at Submitted, and before it (after `notYet`). */
  envelope: 'Put this address on the envelope:',
  envelopeLater: 'Then put this address on the envelope:',
  /** The correction's notification, which carries no address: where the new one is. */
  correctionNotice:
    'Correction: our team has changed the address you post your file to. Your order page shows the new one: use it, not the one in our earlier e-mail.',
  mailOutro: 'Your order page shows it too, with your print pack, whose mailing label prints it',
  /** The order's mission moved (the customer's answers), which withdrew the address we sent. */
  withdrawnSubject: (displayId: string) => `Do not post to the address we sent (order ${displayId})`,
  withdrawnHeading: 'Do not post to the address we sent',
  /** `mission`: the name of the mission the answers now send the file to, null while none is known. */
  withdrawnIntro: (mission: string | null) =>
    `Do not post your file to the address we sent you: it no longer applies, because your application’s answers ${mission ? `now send your file to the ${mission}` : 'no longer tell us which Indian mission your file goes to'}.`,
  withdrawnNext:
    'Our team will confirm the new address on your order page and by e-mail: do not post your file until then. A print pack printed before may carry the old address on its mailing label: print it again once the new one is confirmed.',
  withdrawnLines: 'Address we sent',
  orderPage: 'Your order page',
  /** The order page's to-do at Submitted (our team's check done): what the customer does now. */
  toDoPost:
    'Print each member’s pack, sign where it asks, and post your file to the address under “Where to post your file”.',
  toDoOnline:
    'Submit each application on the official portal and pay the government fee there: Copy-assist gives every answer as the portal asks for it.',
} as const;
