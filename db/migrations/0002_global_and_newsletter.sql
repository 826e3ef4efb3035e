CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"lang" text NOT NULL,
	"ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "popular_pairs" (
	"from_coin" text NOT NULL,
	"to_coin" text NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "popular_pairs_from_coin_to_coin_pk" PRIMARY KEY("from_coin","to_coin"),
	CONSTRAINT "popular_pairs_distinct_check" CHECK ("popular_pairs"."from_coin" <> "popular_pairs"."to_coin")
);
--> statement-breakpoint
CREATE TABLE "social_links" (
	"network" text PRIMARY KEY NOT NULL,
	"link" text NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "social_links_link_check" CHECK ("social_links"."link" LIKE 'https://%')
);
--> statement-breakpoint
ALTER TABLE "popular_pairs" ADD CONSTRAINT "popular_pairs_from_coin_coins_code_fk" FOREIGN KEY ("from_coin") REFERENCES "public"."coins"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popular_pairs" ADD CONSTRAINT "popular_pairs_to_coin_coins_code_fk" FOREIGN KEY ("to_coin") REFERENCES "public"."coins"("code") ON DELETE no action ON UPDATE no action;