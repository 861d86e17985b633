ALTER TABLE "mail_messages" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "reply_to" text;