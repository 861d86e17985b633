ALTER TABLE "audit_log" ADD COLUMN "words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Entries written before modules said which of their fields hold words (decision 0169): the keys
-- the erasure replaced then, on the subjects it replaced them on.
UPDATE "audit_log" SET "words" = ARRAY['remark', 'note', 'name', 'reason', 'rejectionReason', 'trackingNumber', 'storeOrderNumber'] WHERE "subject_type" IN ('order', 'refund-request');
