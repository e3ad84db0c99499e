-- The interface language each person last used: mails to them are written in it.
ALTER TABLE "users" ADD COLUMN "language" text;