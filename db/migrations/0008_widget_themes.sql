CREATE TABLE "widget_themes" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"host" text,
	"theme" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_themes_host_unique" UNIQUE("host")
);
--> statement-breakpoint
ALTER TABLE "widget_themes" ADD CONSTRAINT "widget_themes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;