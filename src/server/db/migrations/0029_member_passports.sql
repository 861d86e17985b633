CREATE TABLE "application_member_passports" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"lines" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_member_passports" ADD CONSTRAINT "application_member_passports_member_id_application_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."application_members"("id") ON DELETE cascade ON UPDATE no action;