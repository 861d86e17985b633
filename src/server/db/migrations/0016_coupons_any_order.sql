ALTER TABLE "coupon_redemptions" DROP CONSTRAINT "coupon_redemptions_order_id_application_orders_order_id_fk";
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;