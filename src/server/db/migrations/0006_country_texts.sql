CREATE TABLE "package_texts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "package_texts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"package_id" integer NOT NULL,
	"applies_to" jsonb NOT NULL,
	"description" text,
	"features" jsonb,
	"processing_time" text,
	"documents" jsonb,
	"fee_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "applies_to" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "package_timeline" ADD COLUMN "applies_to" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "fee_note" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "per_applicant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "process_steps" ADD COLUMN "applies_to" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "package_texts" ADD CONSTRAINT "package_texts_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_texts_package_applies_to_idx" ON "package_texts" USING btree ("package_id","applies_to");