CREATE TABLE "version_leases" (
	"org_id" integer NOT NULL,
	"v" bigint NOT NULL,
	"pid" integer NOT NULL,
	"backend_start" timestamp with time zone,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "version_leases_org_id_v_pk" PRIMARY KEY("org_id","v")
);
