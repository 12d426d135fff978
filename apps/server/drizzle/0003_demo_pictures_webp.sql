-- The demo pictures under /media/ are WebP now (apps/server/scripts/demo-assets.ts); a database seeded
-- before still names the SVG files, which are gone. Only the committed demo media (/media/...) change:
-- uploaded pictures live under /uploads/ and keep their names.
UPDATE courses SET cover_url = regexp_replace(cover_url, '\.svg$', '.webp') WHERE cover_url LIKE '/media/%.svg';
--> statement-breakpoint
UPDATE installs SET cover_url = regexp_replace(cover_url, '\.svg$', '.webp') WHERE cover_url LIKE '/media/%.svg';
--> statement-breakpoint
UPDATE learning_columns SET cover_url = regexp_replace(cover_url, '\.svg$', '.webp') WHERE cover_url LIKE '/media/%.svg';
--> statement-breakpoint
UPDATE flash_news SET image_url = regexp_replace(image_url, '\.svg$', '.webp') WHERE image_url LIKE '/media/%.svg';
--> statement-breakpoint
UPDATE college_images SET image_url = regexp_replace(image_url, '\.svg$', '.webp') WHERE image_url LIKE '/media/%.svg';
