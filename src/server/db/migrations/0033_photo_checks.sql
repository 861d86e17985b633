CREATE TABLE "photo_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photo_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"size_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"display_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"report" jsonb NOT NULL,
	"fitted_key" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_checks_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "photo_checks_expires_idx" ON "photo_checks" USING btree ("expires_at");