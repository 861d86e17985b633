ALTER TABLE "payment_attempts" ADD COLUMN "checkout" jsonb;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "order_total_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "order_currency" text;--> statement-breakpoint
-- Attempts made before conversion existed charged the order's own total.
UPDATE "payment_attempts" SET "order_total_cents" = "amount_cents", "order_currency" = "currency";--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "order_total_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "order_currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "exchange_rate" text;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD COLUMN "attempt_key" text;
