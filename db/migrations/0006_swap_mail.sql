ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "notify_email" text;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "notify_lang" text;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "notify_token" text;