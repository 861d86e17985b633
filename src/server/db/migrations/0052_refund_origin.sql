ALTER TABLE "refund_requests" ADD COLUMN "origin" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
-- Requests opened by a cancellation before this column (decision 0150) carry its reason.
UPDATE "refund_requests" SET "origin" = 'cancellation' WHERE "ip" IS NULL AND "reason" LIKE 'We cancelled this order%';
