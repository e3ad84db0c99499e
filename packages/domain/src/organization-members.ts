import { z } from 'zod';
import { ZLanguage } from './languages';

/**
 * What a member of an organization may do (issue "Teams"): an `owner` everything, members and
 * deleting the organization included; an `editor` writes and submits applications; a `viewer`
 * reads applications and their PDFs.
 */
export const MEMBER_ROLES = ['owner', 'editor', 'viewer'] as const;
export const ZMemberRole = z.enum(MEMBER_ROLES);
export type TMemberRole = z.infer<typeof ZMemberRole>;

/** What a request needs of the caller's role. */
export type TMemberNeed = 'read' | 'write' | 'manage';

const RANK: Record<TMemberRole, number> = { viewer: 0, editor: 1, owner: 2 };
const NEEDED: Record<TMemberNeed, number> = { read: 0, write: 1, manage: 2 };

/** Whether a role allows what a request needs: the one table both server and browser read. */
export function roleAllows(role: TMemberRole | null | undefined, need: TMemberNeed): boolean {
  return role != null && RANK[role] >= NEEDED[need];
}

/** An invitation is open this long (14 days). */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** GET Organization/GetMembers: one member. */
export const ZMember = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZMemberRole,
  since: z.string(),
});
export type TMember = z.infer<typeof ZMember>;
export const ZMemberList = z.array(ZMember);

/** GET Organization/GetInvitations: the pending invitations, apart from the members. */
export const ZInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: ZMemberRole,
  invitedAt: z.string(),
  expiresAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;
export const ZInvitationList = z.array(ZInvitation);

export const ZInviteMemberRequest = z.object({
  organizationId: z.uuid(),
  email: z.email().max(254),
  role: ZMemberRole,
  /** The mail's language when the address has no account yet (an account's own language wins). */
  language: ZLanguage.optional(),
});
export type TInviteMemberRequest = z.infer<typeof ZInviteMemberRequest>;

export const ZChangeMemberRoleRequest = z.object({
  organizationId: z.uuid(),
  userId: z.uuid(),
  role: ZMemberRole,
});
export type TChangeMemberRoleRequest = z.infer<typeof ZChangeMemberRoleRequest>;

/** Removing oneself is leaving. */
export const ZRemoveMemberRequest = z.object({
  organizationId: z.uuid(),
  userId: z.uuid(),
});
export type TRemoveMemberRequest = z.infer<typeof ZRemoveMemberRequest>;

export const ZWithdrawInvitationRequest = z.object({
  organizationId: z.uuid(),
  invitationId: z.uuid(),
});
export type TWithdrawInvitationRequest = z.infer<typeof ZWithdrawInvitationRequest>;
