CREATE TABLE "blog_article_tags" (
	"article" text NOT NULL,
	"tag" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "blog_article_tags_article_tag_pk" PRIMARY KEY("article","tag")
);
--> statement-breakpoint
CREATE TABLE "blog_articles" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"body_markdown" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"toc" jsonb NOT NULL,
	"cover" text NOT NULL,
	"cover_alt" text NOT NULL,
	"author" text NOT NULL,
	"reading_minutes" integer NOT NULL,
	"status" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"source_hash" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', excerpt), 'B') || setweight(to_tsvector('english', body_text), 'C')) STORED NOT NULL,
	CONSTRAINT "blog_articles_status_check" CHECK ("blog_articles"."status" IN ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "blog_authors" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"bio" text NOT NULL,
	"avatar" text NOT NULL,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_tags" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"source_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_article_tags" ADD CONSTRAINT "blog_article_tags_article_blog_articles_slug_fk" FOREIGN KEY ("article") REFERENCES "public"."blog_articles"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_article_tags" ADD CONSTRAINT "blog_article_tags_tag_blog_tags_slug_fk" FOREIGN KEY ("tag") REFERENCES "public"."blog_tags"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD CONSTRAINT "blog_articles_author_blog_authors_slug_fk" FOREIGN KEY ("author") REFERENCES "public"."blog_authors"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_article_tags_tag_idx" ON "blog_article_tags" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "blog_articles_listing_idx" ON "blog_articles" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "blog_articles_author_idx" ON "blog_articles" USING btree ("author");--> statement-breakpoint
CREATE INDEX "blog_articles_search_idx" ON "blog_articles" USING gin ("search");