ALTER TABLE "filter_views" ADD COLUMN "shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "layouts" ADD COLUMN "shared_at" timestamp with time zone;