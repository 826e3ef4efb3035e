ALTER TABLE "swaps" ADD COLUMN "account_user_id" text;--> statement-breakpoint
ALTER TABLE "fiat_orders" ADD COLUMN "account_user_id" text;--> statement-breakpoint
ALTER TABLE "swaps" ADD CONSTRAINT "swaps_account_user_id_account_users_id_fk" FOREIGN KEY ("account_user_id") REFERENCES "public"."account_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiat_orders" ADD CONSTRAINT "fiat_orders_account_user_id_account_users_id_fk" FOREIGN KEY ("account_user_id") REFERENCES "public"."account_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swaps_account_user_idx" ON "swaps" USING btree ("account_user_id","created_at");--> statement-breakpoint
CREATE INDEX "fiat_orders_account_user_idx" ON "fiat_orders" USING btree ("account_user_id","created_at");--> statement-breakpoint
CREATE TABLE "account_mail_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"swap_mails" boolean DEFAULT true NOT NULL,
	"newsletter" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_mail_preferences" ADD CONSTRAINT "account_mail_preferences_user_id_account_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."account_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "account_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"swap_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_claims" ADD CONSTRAINT "account_claims_user_id_account_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."account_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_claims_user_idx" ON "account_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "swaps_notify_email_idx" ON "swaps" USING btree ("notify_email");
