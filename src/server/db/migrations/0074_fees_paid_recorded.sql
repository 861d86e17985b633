ALTER TABLE "application_orders" ADD COLUMN "fees_paid_reference" text;--> statement-breakpoint
ALTER TABLE "application_orders" ADD COLUMN "fees_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_orders" ADD COLUMN "fees_paid_by_id" integer;--> statement-breakpoint
ALTER TABLE "application_orders" ADD COLUMN "fees_paid_by_email" text;--> statement-breakpoint
ALTER TABLE "application_orders" ADD CONSTRAINT "application_orders_fees_paid_by_id_users_id_fk" FOREIGN KEY ("fees_paid_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_orders" ADD CONSTRAINT "application_orders_fees_paid_check" CHECK (("application_orders"."fees_paid_reference" is null) = ("application_orders"."fees_paid_at" is null) and ("application_orders"."fees_paid_reference" is null) = ("application_orders"."fees_paid_by_email" is null));