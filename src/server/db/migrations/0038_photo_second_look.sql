ALTER TABLE "photo_order_photos" ADD COLUMN "second_look_cause" text;--> statement-breakpoint
ALTER TABLE "photo_order_photos" ADD COLUMN "second_look_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photo_order_photos" ADD COLUMN "second_look_decided_by" integer;--> statement-breakpoint
ALTER TABLE "photo_order_photos" ADD COLUMN "second_look_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photo_order_photos" ADD COLUMN "second_look_reason" text;--> statement-breakpoint
-- Second looks asked before this migration were all the customer's "have a person check it".
UPDATE "photo_order_photos" SET "second_look_cause" = 'asked', "second_look_requested_at" = coalesce("failed_rule_chosen_at", "updated_at") WHERE "second_look" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_order_photos" ADD CONSTRAINT "photo_order_photos_second_look_cause_check" CHECK ("photo_order_photos"."second_look" is null or ("photo_order_photos"."second_look_cause" in ('asked', 'borderline', 'retake') and "photo_order_photos"."second_look_requested_at" is not null));