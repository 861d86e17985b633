ALTER TABLE "contact_enquiries" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_reference_unique" UNIQUE("reference");