-- Issue 15: the default configuration no longer carries a list name, so the calls page heading
-- follows the reader's language. Installs seeded before this change still have the old default
-- ('Bandi' on the untouched default configuration): clear it. A name an admin set is kept.
UPDATE "configs" SET "list_name" = '' WHERE "list_name" = 'Bandi' AND "description" = 'Default configuration';
