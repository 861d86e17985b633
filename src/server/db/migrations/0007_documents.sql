CREATE TABLE "application_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"member_id" integer,
	"item_id" text,
	"direction" text NOT NULL,
	"storage_key" text,
	"display_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "application_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "application_documents_item_check" CHECK ("application_documents"."direction" <> 'from-customer' OR "application_documents"."item_id" IS NOT NULL),
	CONSTRAINT "application_documents_stored_check" CHECK ("application_documents"."deleted_at" IS NOT NULL OR "application_documents"."storage_key" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_order_id_application_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."application_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_member_id_application_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."application_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_documents_order_idx" ON "application_documents" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_live_item_idx" ON "application_documents" USING btree ("member_id","item_id") WHERE "application_documents"."deleted_at" IS NULL AND "application_documents"."direction" = 'from-customer';--> statement-breakpoint
CREATE INDEX "application_documents_unremoved_idx" ON "application_documents" USING btree ("id") WHERE "application_documents"."deleted_at" IS NOT NULL AND "application_documents"."storage_key" IS NOT NULL;