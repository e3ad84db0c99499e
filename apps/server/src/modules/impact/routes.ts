import {
  ZActualsForecastResponse,
  ZAddImpactFrameworkRequest,
  ZImpactFramework,
  ZImpactFrameworkListItem,
  ZIndicatorType,
  ZMiniDyiResponse,
  ZOutcomeType,
  ZParseWorkbookRequest,
  ZParseWorkbookResponse,
  ZPutMiniDyiRequest,
  ZSdg,
  ZSdgCode,
  ZStakeholderType,
} from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError, invalid } from '../../lib/app-error';
import { attachmentDisposition } from '../../lib/file-names';
import { currentUser } from '../../plugins/authentication';
import { getActualsForecast } from './actuals-service';
import { sampleWorkbook } from './sample-workbook';
import {
  addFramework,
  deleteFramework,
  getFramework,
  getMiniDyi,
  indicatorTypes,
  listFrameworks,
  listSdgs,
  outcomeTypes,
  putMiniDyi,
  stakeholderTypes,
} from './service';
import { WorkbookRefused } from './workbook';
import { WorkbookParser, WorkbookParserBusy } from './workbook-parser';

const tags = ['impact'];
const id = z.string().min(1).max(100);

/** Signed-in users: the catalogue and the pickers of the impact step, and their own answer. */
export const impactRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, stepSaves }) => {
  app.get(
    '/ImpactFramework/GetSdg',
    { config: { access: 'user' }, schema: { tags, response: { 200: z.array(ZSdg) } } },
    async () => listSdgs(db),
  );

  app.get(
    '/ImpactFramework/GetStakeholderType',
    {
      config: { access: 'user' },
      schema: {
        tags,
        querystring: z.object({ frameworkId: z.uuid().optional() }),
        response: { 200: z.array(ZStakeholderType) },
      },
    },
    async (request) => stakeholderTypes(db, request.query.frameworkId),
  );

  app.post(
    '/Outcome/GetOutcomeType',
    {
      config: { access: 'user' },
      schema: {
        tags,
        body: z.object({ frameworkId: z.uuid().optional(), sdgs: z.array(ZSdgCode).max(17) }),
        response: { 200: z.array(ZOutcomeType) },
      },
    },
    async (request) => outcomeTypes(db, request.body.frameworkId, request.body.sdgs),
  );

  app.post(
    '/Indicator/GetIndicatorType',
    {
      config: { access: 'user' },
      schema: {
        tags,
        body: z.object({ frameworkId: z.uuid().optional(), outcomeIds: z.array(id).max(500) }),
        response: { 200: z.array(ZIndicatorType) },
      },
    },
    async (request) => indicatorTypes(db, request.body.frameworkId, request.body.outcomeIds),
  );

  app.get(
    '/ImpactFramework/MiniDYI',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: {
        tags,
        querystring: z.object({ submissionId: z.uuid(), stepId: z.uuid() }),
        response: { 200: ZMiniDyiResponse },
      },
    },
    async (request) => getMiniDyi(db, currentUser(request), request.query.submissionId, request.query.stepId),
  );

  app.put(
    '/ImpactFramework/PutMiniDYI',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: { tags, body: ZPutMiniDyiRequest, response: { 200: ZMiniDyiResponse } },
    },
    async (request) => {
      const saved = await putMiniDyi(db, currentUser(request), request.body);
      stepSaves.saved({ submissionId: saved.submissionId, stepId: saved.stepId, version: saved.version });
      return saved;
    },
  );

  // A report's impact actuals: the application's indicators, targets and forecast SROI (read only).
  app.get(
    '/ImpactActuals/GetForecast',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: {
        tags,
        querystring: z.object({ submissionId: z.uuid(), stepId: z.uuid() }),
        response: { 200: ZActualsForecastResponse },
      },
    },
    async (request) => getActualsForecast(db, currentUser(request), request.query.submissionId, request.query.stepId),
  );
};

/** Admins: impact frameworks (SPEC 5 "Framework creation", 7 "Impact framework"). */
export const impactAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  // One thread, one workbook at a time, under a heap cap: a heavy workbook never stalls the server.
  const workbooks = new WorkbookParser(config.importMaxMemoryMb);
  app.addHook('onClose', () => workbooks.close());

  app.get(
    '/ImpactFramework/GetImpactFrameworkSetList',
    { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(ZImpactFrameworkListItem) } } },
    async () => listFrameworks(db),
  );

  app.get(
    '/ImpactFramework/GetImpactFrameworkById',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: z.object({ ImpactFrameworkId: z.uuid() }), response: { 200: ZImpactFramework } },
    },
    async (request) => getFramework(db, request.query.ImpactFrameworkId),
  );

  app.put(
    '/ImpactFramework/AddImpactFrameworkSet',
    {
      config: { access: 'admin' },
      bodyLimit: 16 * 1024 * 1024,
      schema: { tags, body: ZAddImpactFrameworkRequest, response: { 200: ZImpactFramework } },
    },
    async (request) => addFramework(db, currentUser(request), request.body),
  );

  app.get(
    '/ImpactFramework/DeleteImpactFrameworkSet',
    { config: { access: 'admin' }, schema: { tags, querystring: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      await deleteFramework(db, currentUser(request), request.query.id);
      return reply.status(204).send();
    },
  );

  /** The workbook is parsed here, never stored: the page previews it, then saves with AddImpactFrameworkSet. */
  app.post(
    '/ImpactFramework/ParseWorkbook',
    {
      config: { access: 'admin' },
      bodyLimit: 8 * 1024 * 1024,
      schema: { tags, body: ZParseWorkbookRequest, response: { 200: ZParseWorkbookResponse } },
    },
    async (request) => {
      if (!/\.(xlsx|xls)$/i.test(request.body.fileName))
        throw invalid([{ path: 'fileName', messageKey: 'errors.impact.notAWorkbook' }], 'errors.impact.notAWorkbook');
      try {
        return await workbooks.parse(Buffer.from(request.body.contentBase64, 'base64'));
      } catch (err) {
        if (err instanceof WorkbookParserBusy)
          throw new AppError('unavailable', { messageKey: 'errors.impact.importBusy', retryAfterSeconds: 10 });
        if (err instanceof WorkbookRefused) {
          const { messageKey, sheet } = err.problem;
          throw invalid([{ path: 'contentBase64', messageKey, ...(sheet ? { params: { sheet } } : {}) }], messageKey);
        }
        throw err;
      }
    },
  );

  app.get('/ImpactFramework/Template', { config: { access: 'admin' }, schema: { tags } }, async (_request, reply) =>
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', attachmentDisposition('impact-framework-template.xlsx'))
      .send(await sampleWorkbook()),
  );
};
