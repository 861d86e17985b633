ALTER TABLE "payment_attempts" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "reason" text DEFAULT 'requested' NOT NULL;