CREATE TABLE "availability" (
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
	"weekly_hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"time_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"appointment_minutes" integer DEFAULT 60 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"home_base" jsonb,
	"last_position" jsonb
);
--> statement-breakpoint
CREATE TABLE "distribution_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" integer NOT NULL,
	"ref_id" text,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"scope" text NOT NULL,
	"kind" text NOT NULL,
	"daily_cap" integer,
	"window_days" integer DEFAULT 30 NOT NULL,
	"given" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "availability_user_unique" ON "availability" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "availability_org_version_idx" ON "availability" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "distribution_rules_org_version_idx" ON "distribution_rules" USING btree ("org_id","version");