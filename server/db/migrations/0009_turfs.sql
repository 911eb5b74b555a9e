CREATE TABLE "turfs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" integer NOT NULL,
	"ref_id" text,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"region_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"color" text,
	"geometry" jsonb NOT NULL,
	"former_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "turf_id" uuid;--> statement-breakpoint
CREATE INDEX "turfs_org_version_idx" ON "turfs" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "turfs_region_idx" ON "turfs" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "turfs_user_idx" ON "turfs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contacts_turf_idx" ON "contacts" USING btree ("turf_id");