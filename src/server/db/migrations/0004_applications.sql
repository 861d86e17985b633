CREATE TABLE "application_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"kind" text NOT NULL,
	"relationship" text NOT NULL,
	"current_step" integer DEFAULT 1 NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"review_details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"service_slug" text NOT NULL,
	"service_name" text NOT NULL,
	"package_id" integer NOT NULL,
	"package_slug" text NOT NULL,
	"package_name" text NOT NULL,
	"package_price_id" integer NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"currency" text NOT NULL,
	"government_fee_cents" integer NOT NULL,
	"mandatory_fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_fee_cents" integer NOT NULL,
	"compare_at_service_fee_cents" integer,
	"is_estimate" boolean DEFAULT false NOT NULL,
	"form_definition_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "changed_by" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "application_members" ADD CONSTRAINT "application_members_order_id_application_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."application_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_orders" ADD CONSTRAINT "application_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_members_order_idx" ON "application_members" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key_idx" ON "orders" USING btree ("user_id","idempotency_key");