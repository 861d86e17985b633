ALTER TABLE "payment_attempts" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "card_fingerprint" text;