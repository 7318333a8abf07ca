CREATE INDEX "uploads_phash_band0_idx" ON "uploads" USING btree (((("phash" >> 0) & 8191)::int)) WHERE "uploads"."phash" is not null;--> statement-breakpoint
CREATE INDEX "uploads_phash_band1_idx" ON "uploads" USING btree (((("phash" >> 13) & 8191)::int)) WHERE "uploads"."phash" is not null;--> statement-breakpoint
CREATE INDEX "uploads_phash_band2_idx" ON "uploads" USING btree (((("phash" >> 26) & 8191)::int)) WHERE "uploads"."phash" is not null;--> statement-breakpoint
CREATE INDEX "uploads_phash_band3_idx" ON "uploads" USING btree (((("phash" >> 39) & 8191)::int)) WHERE "uploads"."phash" is not null;--> statement-breakpoint
CREATE INDEX "uploads_phash_band4_idx" ON "uploads" USING btree (((("phash" >> 52) & 4095)::int)) WHERE "uploads"."phash" is not null;