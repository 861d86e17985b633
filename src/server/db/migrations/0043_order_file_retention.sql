CREATE TABLE "order_file_retention" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"delete_on" date NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"files_deleted" integer
);
--> statement-breakpoint
ALTER TABLE "order_file_retention" ADD CONSTRAINT "order_file_retention_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_file_retention_due_idx" ON "order_file_retention" USING btree ("delete_on") WHERE "order_file_retention"."deleted_at" IS NULL;