import { z } from 'zod';
import { adminListQuery } from './list-query.ts';

/**
 * The back office's contact messages (issue 13 item 7, decision 0069): staff read the contact
 * form's enquiries, reply by e-mail from the app and mark them handled. Shared by the API and pages.
 */

export const adminMessageSchema = z.object({
  id: z.number(),
  /** 'ENQ-7KD2QX'; null only for enquiries from before references existed. */
  reference: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Labels as the customer chose them ('Existing client', 'Tourist visa'). */
  enquiryType: z.string(),
  topic: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  replyCount: z.number(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const adminReplySchema = z.object({
  id: z.number(),
  body: z.string(),
  sentByEmail: z.string(),
  createdAt: z.string(),
});
export type AdminReply = z.infer<typeof adminReplySchema>;

export const adminMessageDetailSchema = z.object({
  message: adminMessageSchema,
  replies: z.array(adminReplySchema),
});
export type AdminMessageDetail = z.infer<typeof adminMessageDetailSchema>;

/** GET /admin/messages: newest first; `q` matches name, e-mail or reference; `status` open or handled. */
export const adminMessageListQuery = adminListQuery(['createdAt'] as const).extend({
  status: z.enum(['open', 'handled']).optional().catch(undefined),
});
export type AdminMessageListQuery = z.infer<typeof adminMessageListQuery>;

export const ADMIN_MESSAGE_MESSAGES = {
  notFound: 'Message not found',
  replyRequired: 'Write the reply',
  replyTooShort: 'The reply should be at least 10 characters',
  replyTooLong: 'The reply should not exceed 5000 characters',
  replied: 'Reply sent',
  handled: 'Marked as handled',
  reopened: 'Marked as waiting',
} as const;

/** POST /admin/messages/{id}/reply: the reply's text, and whether the message is handled with it. */
export const replyToMessageSchema = z.object({
  body: z
    .string({ error: ADMIN_MESSAGE_MESSAGES.replyRequired })
    .trim()
    .min(1, ADMIN_MESSAGE_MESSAGES.replyRequired)
    .min(10, ADMIN_MESSAGE_MESSAGES.replyTooShort)
    .max(5000, ADMIN_MESSAGE_MESSAGES.replyTooLong),
  markHandled: z.boolean().default(true),
});
export type ReplyToMessage = z.input<typeof replyToMessageSchema>;

/** PATCH /admin/messages/{id}/handled */
export const setMessageHandledSchema = z.object({
  handled: z.boolean({ error: 'handled must be true or false' }),
});
export type SetMessageHandled = z.infer<typeof setMessageHandledSchema>;
