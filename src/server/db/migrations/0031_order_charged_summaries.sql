-- What an order is charged moves into the order core (issue 28): checkout's stored cost summaries keep
-- their rows under the new name, now keyed by any order, and photo orders' summaries join them.
ALTER TABLE "checkout_cost_summaries" RENAME TO "order_charged_summaries";--> statement-breakpoint
ALTER TABLE "order_charged_summaries" RENAME CONSTRAINT "checkout_cost_summaries_pkey" TO "order_charged_summaries_pkey";--> statement-breakpoint
ALTER TABLE "order_charged_summaries" DROP CONSTRAINT "checkout_cost_summaries_order_id_application_orders_order_id_fk";--> statement-breakpoint
ALTER TABLE "order_charged_summaries" ADD CONSTRAINT "order_charged_summaries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "order_charged_summaries" ("order_id", "summary", "priced_at")
  SELECT "order_id", "cost_summary", "updated_at" FROM "photo_orders" WHERE "cost_summary" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_orders" DROP COLUMN "cost_summary";
