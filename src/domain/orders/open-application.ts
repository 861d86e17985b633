import { z } from 'zod';
import { ROUTES } from '../config/routes.ts';
import type { OrderStatus, StatusChange } from './status.ts';

/**
 * A service application the customer has started and not finished (issue 30 §4): unpaid, or paid
 * with forms or documents still to give. Home and the dashboard offer "Continue your application"
 * with one row each, naming the members.
 */
export const OPEN_APPLICATION_STATUSES = [
  'Payment pending',
  'Forms incomplete',
] as const satisfies readonly OrderStatus[];

/** How many open applications home and the dashboard list (newest first). */
export const OPEN_APPLICATIONS_SHOWN = 3;

export const CONTINUE_TEXT = {
  title: 'Continue your application',
  pay: 'Pay now, or finish the forms first',
  forms: 'Forms or documents still to give',
  action: 'Continue',
  /** A paid application our team sent back: what to change is their remark on the order page. */
  sentBack: 'Sent back by our team: see what to change',
} as const;

export const openApplicationSchema = z.object({
  /** 'DOC-000123'. */
  displayId: z.string(),
  title: z.string(),
  status: z.enum(OPEN_APPLICATION_STATUSES),
  /** Full names, in the order the members were added. */
  memberNames: z.array(z.string()),
  /** Our team has had it and sent it back (`sentBackToCustomer`): it continues on the order page. */
  sentBack: z.boolean(),
});
export type OpenApplication = z.infer<typeof openApplicationSchema>;

/** 'Priya', 'Priya and Raj', 'Priya, Raj and Anaya': first names, as a person would say them. */
export function membersPhrase(fullNames: readonly string[]): string {
  const first = fullNames.map((name) => name.trim().split(/\s+/)[0] ?? name).filter(Boolean);
  if (first.length <= 1) return first[0] ?? '';
  return `${first.slice(0, -1).join(', ')} and ${first.at(-1)}`;
}

/**
 * The row's name: the service (the order title before its package, 'OCI Card: New OCI Card') for
 * its members, 'OCI Card for Priya, Raj and Anaya'; the bare title while no member is added.
 */
export function openApplicationName({ title, memberNames }: Pick<OpenApplication, 'title' | 'memberNames'>): string {
  const service = title.split(': ')[0] ?? title;
  const members = membersPhrase(memberNames);
  return members ? `${service} for ${members}` : title;
}

/**
 * Whether an open application is back with the customer after our team had it: staff change an
 * order only once it reached them (Order pending), and move it back to Forms incomplete only to
 * send it back, with what to change in their remark or a document request (on the order page).
 * The payment's "finish the forms" reminders and the forms' link are no longer what it needs.
 */
export function sentBackToCustomer(timeline: readonly Pick<StatusChange, 'by'>[]): boolean {
  return timeline.some((change) => change.by === 'staff');
}

/**
 * Where "Continue" goes: the order page to pay (or start the forms), the forms once paid, and
 * the order page again once our team sent it back (their remark is there, not in the forms).
 */
export function continueHref({
  displayId,
  status,
  sentBack = false,
}: Pick<OpenApplication, 'displayId' | 'status'> & Partial<Pick<OpenApplication, 'sentBack'>>): string {
  const path = status === 'Payment pending' || sentBack ? ROUTES.SERVICE_ORDER : ROUTES.PACKAGE_FORM;
  return `${path}?${new URLSearchParams({ orderId: displayId })}`;
}
