ALTER TABLE "mail_messages" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "from_name" text;