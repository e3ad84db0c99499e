import {
  ZCall,
  ZCallListItem,
  ZCallType,
  ZCreateCallRequest,
  ZCreateCallTypeRequest,
  ZCreateStepTypeRequest,
  ZStep,
  ZStepType,
  ZUpdateCallRequest,
  ZUpsertCallTypeRequest,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { currentUser } from '../../plugins/authentication';
import { createCallType, getCallType, getStepById, getSteps, listCallTypes, upsertCallType } from './call-types';
import { createCall, deleteCall, getCallByIdAdmin, listCalls, updateCall } from './service';
import { createStepType, listStepTypes } from './step-types';

/** The call builder's endpoints (SPEC 7 "Call" and "Step"): administrators only. */
export const callAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, stepCache }) => {
  const calls = { tags: ['calls'] };
  const stepsTag = { tags: ['steps'] };

  app.get(
    '/Call/GetCallList',
    {
      config: { access: 'admin' },
      schema: { ...calls, summary: 'All calls', response: { 200: z.array(ZCallListItem) } },
    },
    () => listCalls(db),
  );

  app.get(
    '/Call/GetCallByIdAdmin',
    {
      config: { access: 'admin' },
      schema: {
        ...calls,
        summary: 'One call with its steps',
        querystring: z.object({ callId: z.uuid() }),
        response: { 200: ZCall },
      },
    },
    (request) => getCallByIdAdmin(db, request.query.callId),
  );

  app.get(
    '/Call/GetCallTypes',
    {
      config: { access: 'admin' },
      schema: { ...calls, summary: 'All call types', response: { 200: z.array(ZCallType) } },
    },
    () => listCallTypes(db),
  );

  app.get(
    '/Call/GetCallType',
    {
      config: { access: 'admin' },
      schema: {
        ...calls,
        summary: 'One call type with its steps',
        querystring: z.object({ callTypeId: z.uuid() }),
        response: { 200: ZCallType },
      },
    },
    (request) => getCallType(db, request.query.callTypeId),
  );

  app.post(
    '/Call/CreateCall',
    {
      config: { access: 'admin' },
      schema: { ...calls, summary: 'Create a call', body: ZCreateCallRequest, response: { 201: ZCall } },
    },
    async (request, reply) => reply.status(201).send(await createCall(db, currentUser(request), request.body)),
  );

  app.put(
    '/Call/UpdateCall',
    {
      config: { access: 'admin' },
      schema: {
        ...calls,
        summary: 'Save a call (with its call type and steps, in one transaction)',
        body: ZUpdateCallRequest,
        response: { 200: ZCall },
      },
    },
    async (request) => {
      const saved = await updateCall(db, currentUser(request), request.body);
      // Its call type's steps may have changed: this instance's autosave reads them afresh.
      stepCache.forget();
      return saved;
    },
  );

  app.post(
    '/Call/DeleteCall',
    {
      config: { access: 'admin' },
      schema: {
        ...calls,
        summary: 'Delete a call without submissions',
        querystring: z.object({ callId: z.uuid() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteCall(db, currentUser(request), request.query.callId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/Call/CreateCallType',
    {
      config: { access: 'admin' },
      schema: { ...calls, summary: 'Create a call type', body: ZCreateCallTypeRequest, response: { 201: ZCallType } },
    },
    async (request, reply) => {
      const created = await createCallType(db, currentUser(request), request.body);
      stepCache.forget();
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/Call/UpsertCallType',
    {
      config: { access: 'admin' },
      schema: {
        ...calls,
        summary: 'Save a call type with its complete step list (the empty id creates one)',
        body: ZUpsertCallTypeRequest,
        response: { 200: ZCallType },
      },
    },
    async (request) => {
      const saved = await upsertCallType(db, currentUser(request), request.body);
      stepCache.forget();
      return saved;
    },
  );

  app.get(
    '/Step/GetStepById',
    {
      config: { access: 'admin' },
      schema: {
        ...stepsTag,
        summary: 'One step',
        querystring: z.object({ stepId: z.uuid() }),
        response: { 200: ZStep },
      },
    },
    (request) => getStepById(db, request.query.stepId),
  );

  app.get(
    '/Step/GetSteps',
    {
      config: { access: 'admin' },
      schema: {
        ...stepsTag,
        summary: 'The steps of a call type, in sort order',
        querystring: z.object({ callTypeId: z.uuid() }),
        response: { 200: z.array(ZStep) },
      },
    },
    (request) => getSteps(db, request.query.callTypeId),
  );

  app.get(
    '/Step/GetStepTypes',
    {
      config: { access: 'admin' },
      schema: { ...stepsTag, summary: 'All step types', response: { 200: z.array(ZStepType) } },
    },
    () => listStepTypes(db),
  );

  app.post(
    '/Step/CreateStepType',
    {
      config: { access: 'admin' },
      schema: {
        ...stepsTag,
        summary: 'Create a step type',
        body: ZCreateStepTypeRequest,
        response: { 201: ZStepType },
      },
    },
    async (request, reply) => reply.status(201).send(await createStepType(db, currentUser(request), request.body.name)),
  );
};
