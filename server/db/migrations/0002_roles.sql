CREATE TABLE "roles" (
	"org_id" integer NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "roles_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "roles_org_name_unique" ON "roles" USING btree ("org_id",lower("name")) WHERE "roles"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "roles_org_version_idx" ON "roles" USING btree ("org_id","version");