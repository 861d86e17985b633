ALTER TABLE "photo_order_photos" ADD COLUMN "failed_rule_choice" text;--> statement-breakpoint
ALTER TABLE "photo_order_photos" ADD COLUMN "failed_rule_chosen_by" integer;--> statement-breakpoint
ALTER TABLE "photo_order_photos" ADD COLUMN "failed_rule_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photo_order_photos" ADD COLUMN "second_look" text;--> statement-breakpoint
CREATE INDEX "photo_order_photos_second_look_idx" ON "photo_order_photos" USING btree ("second_look") WHERE "photo_order_photos"."second_look" = 'requested';--> statement-breakpoint
ALTER TABLE "photo_order_photos" ADD CONSTRAINT "photo_order_photos_choice_check" CHECK ("photo_order_photos"."failed_rule_choice" is null or ("photo_order_photos"."failed_rule_choice" in ('person-check', 'accept-risk') and "photo_order_photos"."failed_rule_chosen_by" is not null and "photo_order_photos"."failed_rule_chosen_at" is not null));--> statement-breakpoint
ALTER TABLE "photo_order_photos" ADD CONSTRAINT "photo_order_photos_second_look_check" CHECK ("photo_order_photos"."second_look" is null or "photo_order_photos"."second_look" in ('requested', 'approved', 'rejected'));