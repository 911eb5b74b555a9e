CREATE INDEX "activities_org_version_idx" ON "activities" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "announcements_org_version_idx" ON "announcements" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "automations_org_version_idx" ON "automations" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "cards_org_version_idx" ON "cards" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "contests_org_version_idx" ON "contests" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "filter_views_org_version_idx" ON "filter_views" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "interfaces_org_version_idx" ON "interfaces" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "knocks_org_version_idx" ON "knocks" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "layouts_org_version_idx" ON "layouts" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "media_org_version_idx" ON "media" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "notifications_org_version_idx" ON "notifications" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "products_org_version_idx" ON "products" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "proposals_org_version_idx" ON "proposals" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "sales_channels_org_version_idx" ON "sales_channels" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "survey_templates_org_version_idx" ON "survey_templates" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "surveys_org_version_idx" ON "surveys" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "team_members_org_version_idx" ON "team_members" USING btree ("org_id","version");--> statement-breakpoint
CREATE INDEX "user_configs_org_version_idx" ON "user_configs" USING btree ("org_id","version");