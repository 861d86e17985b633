-- A partial approval says why less than asked is refunded, and staff may start a refund on the
-- order desk (decision 0187-desk-refunds-and-partial-reasons). Existing requests keep no reason
-- (null) and no key: only desk refunds carry one, unique per order, so the same form sent twice
-- finds its request.
ALTER TABLE "refund_requests" ADD COLUMN "partial_reason" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_order_idempotency_key_idx" ON "refund_requests" USING btree ("order_id","idempotency_key");