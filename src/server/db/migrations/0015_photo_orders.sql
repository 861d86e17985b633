CREATE TABLE "photo_order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photo_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"size_id" text NOT NULL,
	"document_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_order_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photo_order_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"display_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"report" jsonb,
	"fitted_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_order_photos_state_check" CHECK ("photo_order_photos"."state" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "photo_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"pricing_plan_id" integer DEFAULT 1 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivery" jsonb,
	"cost_summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_orders_step_check" CHECK ("photo_orders"."step" between 1 and 4),
	CONSTRAINT "photo_orders_plan_check" CHECK ("photo_orders"."pricing_plan_id" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "photo_order_items" ADD CONSTRAINT "photo_order_items_order_id_photo_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."photo_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_order_photos" ADD CONSTRAINT "photo_order_photos_item_id_photo_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."photo_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_orders" ADD CONSTRAINT "photo_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_order_items_order_idx" ON "photo_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "photo_order_photos_item_idx" ON "photo_order_photos" USING btree ("item_id");