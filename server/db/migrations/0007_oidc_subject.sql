CREATE TABLE "user_oidc_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_oidc_identities_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_oidc_identities_user_issuer" ON "user_oidc_identities" USING btree ("user_id","issuer");