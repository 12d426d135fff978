ALTER TABLE "about_sections" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "about_sections" ADD COLUMN "published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "about_sections" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "college_images" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "college_images" ADD COLUMN "published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "college_images" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_news" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_news" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_news" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_news" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "friendly_links" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "friendly_links" ADD COLUMN "published_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "friendly_links" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "flash_news" SET "body" = coalesce((SELECT string_agg('<p>' || replace(btrim(p, E' \t\r\n'), E'\n', '<br>') || '</p>', '' ORDER BY n) FROM unnest(regexp_split_to_array(replace(replace(replace("body", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n[ \t\r]*\n')) WITH ORDINALITY AS x(p, n) WHERE btrim(p, E' \t\r\n') <> ''), '') WHERE "body" NOT LIKE '<%';
--> statement-breakpoint
UPDATE "notices" SET "body" = coalesce((SELECT string_agg('<p>' || replace(btrim(p, E' \t\r\n'), E'\n', '<br>') || '</p>', '' ORDER BY n) FROM unnest(regexp_split_to_array(replace(replace(replace("body", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n[ \t\r]*\n')) WITH ORDINALITY AS x(p, n) WHERE btrim(p, E' \t\r\n') <> ''), '') WHERE "body" NOT LIKE '<%';
--> statement-breakpoint
UPDATE "about_sections" SET "body" = coalesce((SELECT string_agg('<p>' || replace(btrim(p, E' \t\r\n'), E'\n', '<br>') || '</p>', '' ORDER BY n) FROM unnest(regexp_split_to_array(replace(replace(replace("body", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n[ \t\r]*\n')) WITH ORDINALITY AS x(p, n) WHERE btrim(p, E' \t\r\n') <> ''), '') WHERE "body" NOT LIKE '<%';
