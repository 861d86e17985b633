CREATE TABLE "application_fee_notices" (
	"order_id" integer NOT NULL,
	"package_price_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "package_prices" ADD COLUMN "effective_from" date;--> statement-breakpoint
ALTER TABLE "application_fee_notices" ADD CONSTRAINT "application_fee_notices_order_id_application_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."application_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_fee_notices_order_price_idx" ON "application_fee_notices" USING btree ("order_id","package_price_id");