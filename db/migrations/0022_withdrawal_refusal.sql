ALTER TABLE "partner_withdrawals" ADD COLUMN "refused_reason" text;--> statement-breakpoint
ALTER TABLE "partner_withdrawals" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_earnings" DROP CONSTRAINT "partner_earnings_withdrawal_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "partner_earnings_withdrawal_kind_idx" ON "partner_earnings" USING btree ("withdrawal_id","kind");
