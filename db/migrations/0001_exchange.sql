CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "coin_networks" (
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"contract" text,
	"decimals" integer NOT NULL,
	"min" numeric NOT NULL,
	"max" numeric NOT NULL,
	CONSTRAINT "coin_networks_coin_network_pk" PRIMARY KEY("coin","network")
);
--> statement-breakpoint
CREATE TABLE "coin_prices" (
	"coin" text PRIMARY KEY NOT NULL,
	"usd" numeric NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coins" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rank" integer NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "countries_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "fiat_currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"min" numeric NOT NULL,
	"max" numeric NOT NULL,
	"popular" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fixed_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"from_coin" text NOT NULL,
	"from_network" text NOT NULL,
	"to_coin" text NOT NULL,
	"to_network" text NOT NULL,
	"amount_from" numeric NOT NULL,
	"amount_to" numeric NOT NULL,
	"rate" numeric NOT NULL,
	"service_fee" numeric DEFAULT '0' NOT NULL,
	"network_fee" numeric DEFAULT '0' NOT NULL,
	"provider_rate_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"swap_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"native_coin" text NOT NULL,
	"address_format" text NOT NULL,
	"memo_name" text,
	"memo_required" boolean DEFAULT false NOT NULL,
	"memo_format" text,
	"confirmations" integer NOT NULL,
	"explorer_tx" text NOT NULL,
	"explorer_address" text,
	"decimals" integer NOT NULL,
	"network_fee_usd" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"affiliate_fee_bps" integer DEFAULT 20 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"coin" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"usd" numeric NOT NULL,
	CONSTRAINT "price_history_coin_at_pk" PRIMARY KEY("coin","at")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"country" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "regions_country_code_pk" PRIMARY KEY("country","code")
);
--> statement-breakpoint
CREATE TABLE "sandbox_swaps" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"rate_type" text NOT NULL,
	"from_coin" text NOT NULL,
	"from_network" text NOT NULL,
	"to_coin" text NOT NULL,
	"to_network" text NOT NULL,
	"amount_from" numeric NOT NULL,
	"amount_to" numeric NOT NULL,
	"rate" numeric NOT NULL,
	"min" numeric NOT NULL,
	"max" numeric NOT NULL,
	"deposit_address" text NOT NULL,
	"deposit_memo" text,
	"payout_address" text NOT NULL,
	"payout_memo" text,
	"refund_address" text,
	"partner_fee_bps" integer DEFAULT 0 NOT NULL,
	"rate_expires_at" timestamp with time zone,
	"deposit_amount" numeric,
	"deposited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swap_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"swap_id" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swaps" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_swap_id" text NOT NULL,
	"status" text NOT NULL,
	"rate_type" text NOT NULL,
	"from_coin" text NOT NULL,
	"from_network" text NOT NULL,
	"to_coin" text NOT NULL,
	"to_network" text NOT NULL,
	"amount_from" numeric NOT NULL,
	"amount_to" numeric NOT NULL,
	"rate" numeric NOT NULL,
	"service_fee" numeric NOT NULL,
	"affiliate_fee" numeric NOT NULL,
	"network_fee" numeric NOT NULL,
	"deposit_address" text NOT NULL,
	"deposit_memo" text,
	"payout_address" text NOT NULL,
	"payout_memo" text,
	"refund_address" text,
	"refund_memo" text,
	"amount_deposited" numeric,
	"amount_paid_out" numeric,
	"deposit_hash" text,
	"payout_hash" text,
	"quote_id" text,
	"promo_code" text,
	"partner_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"rate_expires_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_networks" ADD CONSTRAINT "coin_networks_coin_coins_code_fk" FOREIGN KEY ("coin") REFERENCES "public"."coins"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_networks" ADD CONSTRAINT "coin_networks_network_networks_id_fk" FOREIGN KEY ("network") REFERENCES "public"."networks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_currency_fiat_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."fiat_currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_events" ADD CONSTRAINT "swap_events_swap_id_swaps_id_fk" FOREIGN KEY ("swap_id") REFERENCES "public"."swaps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swaps" ADD CONSTRAINT "swaps_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swap_events_swap_idx" ON "swap_events" USING btree ("swap_id","at");--> statement-breakpoint
CREATE INDEX "swaps_next_check_idx" ON "swaps" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "swaps_partner_idx" ON "swaps" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "swaps_provider_swap_idx" ON "swaps" USING btree ("provider","provider_swap_id");