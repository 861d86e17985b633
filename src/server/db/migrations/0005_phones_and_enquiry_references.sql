ALTER TABLE "contact_enquiries" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD COLUMN "phone_country" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "phone_country" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_country" text;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_reference_unique" UNIQUE("reference");