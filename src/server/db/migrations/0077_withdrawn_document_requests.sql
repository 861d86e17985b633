-- Staff may withdraw a request for a document outside the checklist (decision
-- 0188-withdraw-a-document-request): the row stays, with when and by whom. Existing requests all
-- stand (null).
ALTER TABLE "application_document_requests" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_document_requests" ADD COLUMN "withdrawn_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "application_document_requests" ADD CONSTRAINT "application_document_requests_withdrawn_by_user_id_users_id_fk" FOREIGN KEY ("withdrawn_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;