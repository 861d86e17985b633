CREATE TABLE "job_claims" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"data" jsonb NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
