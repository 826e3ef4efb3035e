CREATE TABLE "provider_tokens" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"token" text,
	"expires_at" timestamp with time zone,
	"previous_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
