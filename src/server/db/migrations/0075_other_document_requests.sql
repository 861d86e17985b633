-- Staff may ask a member for a document outside the checklist, named in free text (decision
-- 0186-documents-outside-the-checklist): the request keeps the name, and its item id is
-- `other-` and 8 hex digits. Existing requests are all for checklist items: no label, none `other-`.
ALTER TABLE "application_document_requests" ADD COLUMN "item_label" text;--> statement-breakpoint
ALTER TABLE "application_document_requests" ADD CONSTRAINT "application_document_requests_label_check" CHECK (("application_document_requests"."item_label" IS NOT NULL) = ("application_document_requests"."item_id" LIKE 'other-%'));