ALTER TABLE "fiat_orders" ADD COLUMN "deposit_address" text;--> statement-breakpoint
ALTER TABLE "fiat_orders" ADD COLUMN "deposit_memo" text;--> statement-breakpoint
ALTER TABLE "fiat_orders" ADD COLUMN "deposit_received" numeric;--> statement-breakpoint
ALTER TABLE "fiat_orders" ADD COLUMN "deposit_tx_hash" text;--> statement-breakpoint
ALTER TABLE "fiat_orders" ADD COLUMN "deposit_confirmations" integer;--> statement-breakpoint
ALTER TABLE "fiat_orders" ADD COLUMN "payout_kind" text;--> statement-breakpoint
ALTER TABLE "fiat_orders" ADD COLUMN "payout_destination" text;--> statement-breakpoint
ALTER TABLE "fiat_sandbox_payments" ADD COLUMN "amount" numeric;
