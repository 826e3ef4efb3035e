ALTER TABLE "swaps" ADD COLUMN "partner_via" text;--> statement-breakpoint
CREATE TABLE "partner_withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"memo" text,
	"amount_usd" numeric NOT NULL,
	"amount" numeric,
	"status" text NOT NULL,
	"token_hash" text NOT NULL,
	"lang" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"tx_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_withdrawals_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "partner_earnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"kind" text NOT NULL,
	"programme" text,
	"swap_id" text,
	"withdrawal_id" text,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"amount" numeric NOT NULL,
	"usd" numeric NOT NULL,
	"volume_usd" numeric DEFAULT '0' NOT NULL,
	"share_bps" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_earnings_withdrawal_id_unique" UNIQUE("withdrawal_id")
);
--> statement-breakpoint
ALTER TABLE "partner_withdrawals" ADD CONSTRAINT "partner_withdrawals_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_earnings" ADD CONSTRAINT "partner_earnings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_earnings" ADD CONSTRAINT "partner_earnings_swap_id_swaps_id_fk" FOREIGN KEY ("swap_id") REFERENCES "public"."swaps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_earnings" ADD CONSTRAINT "partner_earnings_withdrawal_id_partner_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."partner_withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_withdrawals_partner_idx" ON "partner_withdrawals" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_earnings_swap_kind_idx" ON "partner_earnings" USING btree ("swap_id","kind");--> statement-breakpoint
CREATE INDEX "partner_earnings_partner_idx" ON "partner_earnings" USING btree ("partner_id","at");
