CREATE TABLE "org_smtp_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"security" text NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password_enc" text,
	"from_address" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_share_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" integer NOT NULL,
	"proposal_id" uuid NOT NULL,
	"share_token_hash" text NOT NULL,
	"link_enc" text,
	"to_address" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"failure" text,
	"sent_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "proposal_share_emails_proposal_idx" ON "proposal_share_emails" USING btree ("org_id","proposal_id","created_at");--> statement-breakpoint
CREATE INDEX "proposal_share_emails_org_idx" ON "proposal_share_emails" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "proposal_share_emails_status_idx" ON "proposal_share_emails" USING btree ("status","created_at");