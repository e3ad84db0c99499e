CREATE TABLE "organization_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by_user_id" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_members_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_invitations_email" ON "organization_invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_invitations_open" ON "organization_invitations" USING btree ("organization_id","email") WHERE withdrawn_at is null and accepted_at is null;--> statement-breakpoint
CREATE INDEX "organization_members_user" ON "organization_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_role" CHECK ("role" IN ('owner', 'editor', 'viewer'));--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_role" CHECK ("role" IN ('owner', 'editor', 'viewer'));--> statement-breakpoint
-- Every organization so far had one user, its creator: the first owner, member since it was made.
INSERT INTO "organization_members" ("organization_id", "user_id", "role", "since")
  SELECT "id", "owner_user_id", 'owner', "created_at" FROM "organizations"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The creator becomes the first owner in the statement that creates the organization, however it
-- is created (the service, the demo seed, a test's or a bench's own insert): an organization
-- never exists without an owner member (docs/decisions/0027-organization-members.md).
CREATE OR REPLACE FUNCTION organization_first_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO organization_members (organization_id, user_id, role, since)
    VALUES (NEW.id, NEW.owner_user_id, 'owner', NEW.created_at)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER organizations_first_owner AFTER INSERT ON organizations
  FOR EACH ROW EXECUTE FUNCTION organization_first_owner();
