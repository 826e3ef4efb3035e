ALTER TABLE "sandbox_swaps" ADD COLUMN "scenario" text;--> statement-breakpoint
ALTER TABLE "sandbox_swaps" ADD COLUMN "refund_memo" text;--> statement-breakpoint
ALTER TABLE "sandbox_swaps" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "sandbox_swaps" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_swaps" ADD COLUMN "market_amount_to" numeric;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "min_amount" numeric;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "max_amount" numeric;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "amount_expected" numeric;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "action_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "refund_hash" text;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "amount_refunded" numeric;