ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "api_key_usage" (
	"key_id" text NOT NULL,
	"month" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_key_usage_key_id_month_pk" PRIMARY KEY("key_id","month")
);
--> statement-breakpoint
CREATE TABLE "partner_webhooks" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"swap_id" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_webhook_deliveries_event_id_unique" UNIQUE("event_id"),
	CONSTRAINT "partner_webhook_deliveries_status_check" CHECK ("partner_webhook_deliveries"."status" IN ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "api_key_usage" ADD CONSTRAINT "api_key_usage_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhooks" ADD CONSTRAINT "partner_webhooks_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_deliveries" ADD CONSTRAINT "partner_webhook_deliveries_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_webhook_deliveries_due_idx" ON "partner_webhook_deliveries" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "partner_webhook_deliveries_partner_idx" ON "partner_webhook_deliveries" USING btree ("partner_id","id");
