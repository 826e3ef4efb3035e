CREATE TABLE "path_rules" (
	"path" text PRIMARY KEY NOT NULL,
	"redirect_to" text,
	"redirect_status" integer DEFAULT 301 NOT NULL,
	"middlewares" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "path_rules_path_check" CHECK ("path_rules"."path" LIKE '/%'),
	CONSTRAINT "path_rules_status_check" CHECK ("path_rules"."redirect_status" IN (301, 302, 307, 308))
);
