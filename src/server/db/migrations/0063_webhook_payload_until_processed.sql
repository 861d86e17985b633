ALTER TABLE "payment_webhook_events" ALTER COLUMN "payload" DROP NOT NULL;--> statement-breakpoint
-- Events processed before this release drop the payer's details they carried.
UPDATE "payment_webhook_events" SET "payload" = NULL WHERE "processed_at" IS NOT NULL;
