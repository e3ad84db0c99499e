import {
  ZChangeMemberRoleRequest,
  ZInvitation,
  ZInvitationList,
  ZInviteMemberRequest,
  ZMemberList,
  ZOrganizationIdQuery,
  ZProblem,
  ZRemoveMemberRequest,
  ZWithdrawInvitationRequest,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/authentication';
import { inviteMember, listInvitations, withdrawInvitation } from './invitations';
import { changeMemberRole, listMembers, removeMember } from './members';

const tags = ['organizations'];
const problems = { 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem };

/** An organization's team: members with roles, and the owners' invitations (issue "Teams"). */
export const memberRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '/Organization/GetMembers',
    {
      config: { access: 'user', owns: 'orgId' },
      schema: {
        tags,
        summary: "The organization's members with their roles (any member; 404 for anyone else)",
        querystring: ZOrganizationIdQuery,
        response: { 200: ZMemberList, ...problems },
      },
    },
    async (request) => listMembers(db, currentUser(request), request.query.orgId),
  );

  app.get(
    '/Organization/GetInvitations',
    {
      config: { access: 'user', owns: 'orgId' },
      schema: {
        tags,
        summary: 'The open invitations, apart from the members (owners only)',
        querystring: ZOrganizationIdQuery,
        response: { 200: ZInvitationList, ...problems },
      },
    },
    async (request) => listInvitations(db, currentUser(request), request.query.orgId),
  );

  app.post(
    '/Organization/InviteMember',
    {
      // Each one sends a mail: a rate per address on top of the daily counts (invitations.ts).
      config: { access: 'user', owns: 'organizationId', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Invite a person by e-mail with a role (owners only); accepted when they sign in with it',
        body: ZInviteMemberRequest,
        response: { 200: ZInvitation, 409: ZProblem, 429: ZProblem, ...problems },
      },
    },
    async (request) => inviteMember(db, currentUser(request), request.body, config.publicUrl),
  );

  app.post(
    '/Organization/WithdrawInvitation',
    {
      config: { access: 'user', owns: 'organizationId' },
      schema: {
        tags,
        summary: 'Withdraw an open invitation (owners only)',
        body: ZWithdrawInvitationRequest,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await withdrawInvitation(db, currentUser(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/Organization/ChangeMemberRole',
    {
      config: { access: 'user', owns: 'organizationId' },
      schema: {
        tags,
        summary: "Change a member's role (owners only; the last owner cannot be demoted: 409)",
        body: ZChangeMemberRoleRequest,
        response: { 204: z.null(), 409: ZProblem, ...problems },
      },
    },
    async (request, reply) => {
      await changeMemberRole(db, currentUser(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/Organization/RemoveMember',
    {
      config: { access: 'user', owns: 'organizationId' },
      schema: {
        tags,
        summary: 'Remove a member (owners), or leave (oneself); the last owner cannot go: 409',
        body: ZRemoveMemberRequest,
        response: { 204: z.null(), 409: ZProblem, ...problems },
      },
    },
    async (request, reply) => {
      await removeMember(db, currentUser(request), request.body);
      return reply.status(204).send(null);
    },
  );
};
