CREATE TABLE "proposal_shares" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"proposal_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "proposal_shares_proposal_idx" ON "proposal_shares" USING btree ("proposal_id");