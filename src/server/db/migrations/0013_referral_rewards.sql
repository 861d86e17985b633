CREATE TABLE "checkout_cost_summaries" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"summary" jsonb NOT NULL,
	"priced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referrer_user_id" integer NOT NULL,
	"friend_order_id" integer NOT NULL,
	"friend_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'earned' NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_friend_order_id_unique" UNIQUE("friend_order_id"),
	CONSTRAINT "referral_rewards_state_check" CHECK ("referral_rewards"."state" in ('earned', 'sent')),
	CONSTRAINT "referral_rewards_sent_check" CHECK (("referral_rewards"."state" = 'sent') = ("referral_rewards"."sent_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "checkout_cost_summaries" ADD CONSTRAINT "checkout_cost_summaries_order_id_application_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."application_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_friend_order_id_orders_id_fk" FOREIGN KEY ("friend_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_user_id","earned_at");