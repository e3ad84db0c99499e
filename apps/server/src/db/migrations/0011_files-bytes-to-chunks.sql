-- Issue 17: the bytes kept in files/admin_files rows move to file_chunks (one chunk per existing
-- file: the reader accepts any chunk size), each row gets its storage key and SHA-256.
INSERT INTO "file_chunks" ("key", "seq", "bytes") SELECT 'files/' || "id"::text, 0, "bytes" FROM "files" WHERE "bytes" IS NOT NULL;
--> statement-breakpoint
UPDATE "files" SET "storage" = 'postgres', "storage_key" = 'files/' || "id"::text, "sha256" = encode(sha256("bytes"), 'hex') WHERE "bytes" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "file_chunks" ("key", "seq", "bytes") SELECT 'admin-files/' || "id"::text, 0, "bytes" FROM "admin_files" WHERE "bytes" IS NOT NULL;
--> statement-breakpoint
UPDATE "admin_files" SET "storage" = 'postgres', "storage_key" = 'admin-files/' || "id"::text, "sha256" = encode(sha256("bytes"), 'hex') WHERE "bytes" IS NOT NULL;
