import {
  ZInviteToStageRequest,
  ZInviteToStageResponse,
  ZPreviewStageInvitationRequest,
  ZStageInvitationPreview,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/authentication';
import { inviteToStage, previewStageInvitation } from './invite';

const tags = ['stages'];

/** Admins: invite shortlisted organizations to a call's second stage (decision 0034). */
export const stageAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.post(
    '/Call/InviteToStage',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Invites closed stage-1 submissions of the call to stage 2 with its deadline (one mail each, in their language)',
        body: ZInviteToStageRequest,
        response: { 200: ZInviteToStageResponse },
      },
    },
    (request) => inviteToStage(db, currentUser(request), request.body, config.publicUrl),
  );
  app.post(
    '/Call/PreviewStageInvitation',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The invitation mail in each language, and how many others would get their outcome; sends nothing',
        body: ZPreviewStageInvitationRequest,
        response: { 200: ZStageInvitationPreview },
      },
    },
    (request) => previewStageInvitation(db, request.body, config.publicUrl),
  );
};
