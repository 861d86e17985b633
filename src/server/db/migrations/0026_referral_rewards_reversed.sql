ALTER TABLE "referral_rewards" DROP CONSTRAINT "referral_rewards_state_check";--> statement-breakpoint
ALTER TABLE "referral_rewards" DROP CONSTRAINT "referral_rewards_sent_check";--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_reversed_check" CHECK (("referral_rewards"."state" = 'reversed') = ("referral_rewards"."reversed_at" is not null));--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_state_check" CHECK ("referral_rewards"."state" in ('earned', 'sent', 'reversed'));--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_sent_check" CHECK (("referral_rewards"."state" <> 'sent' or "referral_rewards"."sent_at" is not null) and ("referral_rewards"."state" <> 'earned' or "referral_rewards"."sent_at" is null));