ALTER TABLE "idempotency_keys" ADD COLUMN "pending_swap_id" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_until" timestamp with time zone DEFAULT now() NOT NULL;