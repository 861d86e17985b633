import { z } from 'zod';

/**
 * A message staff sent the customer about their order from the order desk ("Message the
 * customer"): e-mailed, put in their notifications, and kept on the order page, because deleting
 * the notification (SPEC.md §4: a click on its row) must not lose it. Only what the customer was
 * sent: staff's internal notes never reach a customer, nor does which staff member wrote it.
 */
export const staffMessageSchema = z.object({
  sentAt: z.string(),
  body: z.string(),
});
export type StaffMessage = z.infer<typeof staffMessageSchema>;

export const STAFF_MESSAGES_TEXT = {
  title: 'Messages from our team',
  lead: 'What we wrote to you about this order, newest first. Each was also sent to you by e-mail.',
  sent: 'Sent',
} as const;
