ALTER TABLE "automation_runs" ADD COLUMN "error_key" text;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "text_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "text_params" jsonb;