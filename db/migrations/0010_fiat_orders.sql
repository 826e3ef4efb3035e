CREATE TABLE "fiat_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiat_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"side" text NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"status" text NOT NULL,
	"fiat" text NOT NULL,
	"fiat_amount" numeric NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"crypto_amount" numeric NOT NULL,
	"rate" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"network_fee" numeric NOT NULL,
	"payment_method" text NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"wallet_address" text NOT NULL,
	"wallet_memo" text,
	"checkout_url" text NOT NULL,
	"tx_hash" text,
	"failure_reason" text,
	"lang" text NOT NULL,
	"idempotency_scope" text,
	"idempotency_key" text,
	"request_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiat_sandbox_payments" (
	"order_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"outcome" text NOT NULL,
	"card_last4" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiat_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiat_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "fiat_order_events" ADD CONSTRAINT "fiat_order_events_order_id_fiat_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."fiat_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiat_order_events_order_idx" ON "fiat_order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "fiat_orders_next_check_idx" ON "fiat_orders" USING btree ("next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fiat_orders_idempotency_idx" ON "fiat_orders" USING btree ("idempotency_scope","idempotency_key");