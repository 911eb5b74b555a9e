CREATE TABLE "knocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" integer NOT NULL,
	"ref_id" text,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"user_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"status" text,
	"knocked_at" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"accuracy" double precision,
	"distance_m" double precision,
	"classification" text DEFAULT 'unknown' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "team_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "region_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "winner_seed" text;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "start_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "standings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "knocks_org_user_idx" ON "knocks" USING btree ("org_id","user_id","knocked_at");