CREATE TABLE "media_files" (
	"media_id" uuid PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"uploader_id" uuid NOT NULL,
	"mimetype" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"thumb" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
