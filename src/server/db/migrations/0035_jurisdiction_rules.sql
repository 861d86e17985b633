CREATE TABLE "jurisdiction_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jurisdiction_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country" text NOT NULL,
	"region" text NOT NULL,
	"area" text,
	"mission_kind" text NOT NULL,
	"mission_city" text NOT NULL,
	"centre_provider" text NOT NULL,
	"centre_city" text,
	"submission_mode" text NOT NULL,
	"postal_address" text,
	"effective_from" date NOT NULL,
	"source_url" text NOT NULL,
	"note" text,
	CONSTRAINT "jurisdiction_rules_place_date" UNIQUE NULLS NOT DISTINCT("country","region","area","effective_from"),
	CONSTRAINT "jurisdiction_rules_country_check" CHECK ("jurisdiction_rules"."country" in ('US', 'CA')),
	CONSTRAINT "jurisdiction_rules_mission_kind_check" CHECK (mission_kind in ('embassy', 'consulate_general', 'high_commission')),
	CONSTRAINT "jurisdiction_rules_centre_provider_check" CHECK (centre_provider in ('VFS Global', 'BLS International')),
	CONSTRAINT "jurisdiction_rules_submission_mode_check" CHECK (submission_mode in ('post', 'in_person'))
);
--> statement-breakpoint
CREATE INDEX "jurisdiction_rules_region" ON "jurisdiction_rules" USING btree ("country","region");