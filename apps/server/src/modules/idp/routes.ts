import type { TLanguage } from '@impact/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { escapeHtml as e } from '../../lib/html';
import type { ActiveConfigCache } from '../config/active-config-cache';
import { enqueueMail } from '../email/outbox';
import {
  createAccount,
  createAccountToken,
  findAccountByEmail,
  isResetTokenUsable,
  resetPassword,
  signIn,
  verifyEmail,
  ZNewPassword,
  ZRegistration,
} from './accounts';
import { LOGOUT_SCRIPT } from './logout-script';
import { form, layout, links, messagePage, notice, type PageContext, passwordHint } from './pages';
import { IDP_PATH } from './provider';
import { type IdpTexts, idpTexts, pickLanguage } from './texts';

type Deps = { provider: Provider; db: Db; config: AppConfig; brand: ActiveConfigCache };
type Body = Record<string, string | undefined>;

/** Per-address limits on the forms that guess passwords or send mail (per-account: accounts.ts). */
const LOGIN_LIMIT = { max: 20, timeWindow: '1 minute' };
const MAIL_LIMIT = { max: 5, timeWindow: '15 minutes' };

/** "12 seconds" / "3 minutes" in the page's language, for the lock notice. */
function lockDuration(seconds: number, language: TLanguage): string {
  const minutes = Math.ceil(seconds / 60);
  const unit = seconds < 60 ? 'second' : 'minute';
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(
    seconds < 60 ? seconds : minutes,
  );
}

function fieldErrors(t: IdpTexts, error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0]);
    if (out[key]) continue;
    if (issue.message === 'errors.idp.passwordMismatch') out[key] = t.passwordMismatch;
    else if (key === 'email' && issue.code !== 'too_small') out[key] = t.invalidEmail;
    else if (key === 'password' && issue.code === 'too_small') out[key] = t.passwordTooShort;
    else out[key] = t.required;
  }
  return out;
}

export async function idpRoutes(app: FastifyInstance, { provider, db, config, brand }: Deps) {
  const pageContext = async (language: TLanguage): Promise<PageContext> => ({
    language,
    t: idpTexts(language),
    brand: await brand.get(),
  });
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const langOf = (request: FastifyRequest) => pickLanguage((request.query as Body | undefined)?.lang);
  const startOver = `${config.publicUrl}/api/Auth/Login`;

  /**
   * Mails a single-use link for an account: verification, or a password reset (also sent when
   * someone tries to register an address that already has an account).
   */
  async function mailAccountLink(
    account: { id: string; email: string; firstName: string },
    template: 'verify-email' | 'reset-password' | 'already-registered',
    page: PageContext,
  ) {
    const purpose = template === 'verify-email' ? 'verify-email' : 'reset-password';
    const token = await createAccountToken(db, account.id, purpose);
    const path = purpose === 'verify-email' ? 'verify' : 'reset';
    await enqueueMail(db, {
      to: account.email,
      template,
      language: page.language,
      params: {
        firstName: account.firstName,
        appName: page.brand.name,
        link: `${config.publicUrl}${IDP_PATH}/${path}?token=${token}&lang=${page.language}`,
      },
    });
  }

  async function details(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return null; // expired or foreign interaction
    }
  }
  /** The provider's pending sign-in named in the URL, with the page context in its language; null if gone. */
  async function openInteraction(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    const interaction = await details(request, reply);
    if (!interaction || interaction.uid !== request.params.uid) return null;
    return { interaction, page: await pageContext(pickLanguage(interaction.params.ui_locales)) };
  }

  async function expired(reply: FastifyReply, language: TLanguage) {
    const page = await pageContext(language);
    return html(
      reply,
      400,
      messagePage(page, page.t.errorTitle, page.t.errorText, { href: startOver, text: page.t.restart }),
    );
  }

  function loginPage(
    page: PageContext,
    uid: string,
    state: { email?: string; notice?: Parameters<typeof notice>[0]; unverified?: boolean },
  ) {
    const { t } = page;
    const base = `${IDP_PATH}/interaction/${uid}`;
    const resend = state.unverified
      ? `<form method="post" action="${base}/resend"><input type="hidden" name="email" value="${e(state.email ?? '')}"><button type="submit" class="secondary">${e(t.resend)}</button></form>`
      : '';
    return layout(
      page,
      t.signInTitle,
      `<h1>${e(t.signInTitle)}</h1><p class="intro">${e(t.signInIntro)}</p>${notice(state.notice)}${resend}
${form(
  `${base}/login`,
  [
    { name: 'email', label: t.email, type: 'email', value: state.email ?? '', autocomplete: 'username' },
    { name: 'password', label: t.password, type: 'password', autocomplete: 'current-password' },
  ],
  t.signIn,
)}
${links([
  { href: `${base}/register`, text: t.createAccount, prefix: t.noAccount },
  { href: `${IDP_PATH}/forgot?lang=${page.language}`, text: t.forgot },
])}`,
    );
  }

  function registerPage(page: PageContext, uid: string, values: Body = {}, errors: Record<string, string> = {}) {
    const { t } = page;
    const base = `${IDP_PATH}/interaction/${uid}`;
    return layout(
      page,
      t.registerTitle,
      `<h1>${e(t.registerTitle)}</h1><p class="intro">${e(t.registerIntro)}</p>
${form(
  `${base}/register`,
  [
    {
      name: 'firstName',
      label: t.firstName,
      value: values.firstName,
      autocomplete: 'given-name',
      error: errors.firstName,
    },
    {
      name: 'lastName',
      label: t.lastName,
      value: values.lastName,
      autocomplete: 'family-name',
      error: errors.lastName,
    },
    { name: 'email', label: t.email, type: 'email', value: values.email, autocomplete: 'email', error: errors.email },
    {
      name: 'password',
      label: t.password,
      type: 'password',
      autocomplete: 'new-password',
      error: errors.password,
      hint: passwordHint(t),
    },
    {
      name: 'passwordConfirm',
      label: t.passwordConfirm,
      type: 'password',
      autocomplete: 'new-password',
      error: errors.passwordConfirm,
    },
  ],
  t.register,
)}
${links([{ href: `${base}?show=login`, text: t.signIn, prefix: t.haveAccount }])}`,
    );
  }

  app.get(`${IDP_PATH}/assets/logout.js`, { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(LOGOUT_SCRIPT),
  );

  // The provider sends the browser here when it needs the user to sign in.
  app.get<{ Params: { uid: string } }>(
    `${IDP_PATH}/interaction/:uid`,
    { config: { access: 'public' } },
    async (request, reply) => {
      const found = await openInteraction(request, reply);
      if (!found) return expired(reply, langOf(request));
      const { interaction, page } = found;
      if (interaction.prompt.name !== 'login') {
        // Consent is implied for our own client (see loadExistingGrant): nothing to ask.
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          {},
          { mergeWithLastSubmission: true },
        );
        return reply.redirect(returnTo, 303);
      }
      // Register opens the registration form first; "back to log in" links ask for the login form.
      const wantsLogin = (request.query as Body | undefined)?.show === 'login';
      if (interaction.params.screen === 'register' && !wantsLogin)
        return html(reply, 200, registerPage(page, interaction.uid));
      return html(reply, 200, loginPage(page, interaction.uid, { email: String(interaction.params.login_hint ?? '') }));
    },
  );

  app.get<{ Params: { uid: string } }>(
    `${IDP_PATH}/interaction/:uid/register`,
    { config: { access: 'public' } },
    async (request, reply) => {
      const found = await openInteraction(request, reply);
      if (!found) return expired(reply, langOf(request));
      const { interaction, page } = found;
      return html(reply, 200, registerPage(page, interaction.uid));
    },
  );

  app.post<{ Params: { uid: string }; Body: Body }>(
    `${IDP_PATH}/interaction/:uid/login`,
    { config: { access: 'public', rateLimit: LOGIN_LIMIT } },
    async (request, reply) => {
      const found = await openInteraction(request, reply);
      if (!found) return expired(reply, langOf(request));
      const { interaction, page } = found;
      const email = String(request.body?.email ?? '').trim();
      const password = String(request.body?.password ?? '');
      if (!email || !password) {
        return html(
          reply,
          400,
          loginPage(page, interaction.uid, { email, notice: { kind: 'error', text: page.t.invalidCredentials } }),
        );
      }
      const result = await signIn(db, email, password);
      if (result.kind === 'invalid') {
        return html(
          reply,
          401,
          loginPage(page, interaction.uid, { email, notice: { kind: 'error', text: page.t.invalidCredentials } }),
        );
      }
      if (result.kind === 'locked') {
        const text = page.t.locked(lockDuration(result.retryAfterSeconds, page.language));
        reply.header('retry-after', String(result.retryAfterSeconds));
        return html(reply, 429, loginPage(page, interaction.uid, { email, notice: { kind: 'error', text } }));
      }
      if (result.kind === 'unverified') {
        return html(
          reply,
          403,
          loginPage(page, interaction.uid, {
            email,
            unverified: true,
            notice: { kind: 'error', text: page.t.notVerified },
          }),
        );
      }
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: result.account.id, remember: true } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    },
  );

  app.post<{ Params: { uid: string }; Body: Body }>(
    `${IDP_PATH}/interaction/:uid/register`,
    { config: { access: 'public', rateLimit: MAIL_LIMIT } },
    async (request, reply) => {
      const found = await openInteraction(request, reply);
      if (!found) return expired(reply, langOf(request));
      const { interaction, page } = found;
      const parsed = ZRegistration.safeParse(request.body ?? {});
      if (!parsed.success) {
        const values = { ...request.body, password: '', passwordConfirm: '' };
        return html(reply, 400, registerPage(page, interaction.uid, values, fieldErrors(page.t, parsed.error)));
      }
      const result = await createAccount(db, { ...parsed.data, language: page.language });
      if (result.kind === 'created') await mailAccountLink(result.account, 'verify-email', page);
      // Same answer as a new registration, so the form does not reveal who has an account.
      else await mailAccountLink(result.account, 'already-registered', page);
      return html(
        reply,
        200,
        messagePage(page, page.t.checkEmailTitle, page.t.checkEmailText(parsed.data.email), {
          href: `${IDP_PATH}/interaction/${interaction.uid}?show=login`,
          text: page.t.backToSignIn,
        }),
      );
    },
  );

  app.post<{ Params: { uid: string }; Body: Body }>(
    `${IDP_PATH}/interaction/:uid/resend`,
    { config: { access: 'public', rateLimit: MAIL_LIMIT } },
    async (request, reply) => {
      const found = await openInteraction(request, reply);
      if (!found) return expired(reply, langOf(request));
      const { interaction, page } = found;
      const email = String(request.body?.email ?? '').trim();
      const account = email ? await findAccountByEmail(db, email) : null;
      if (account && !account.emailVerifiedAt) await mailAccountLink(account, 'verify-email', page);
      return html(
        reply,
        200,
        loginPage(page, interaction.uid, { email, notice: { kind: 'info', text: page.t.resent } }),
      );
    },
  );

  app.get<{ Querystring: Body }>(`${IDP_PATH}/verify`, { config: { access: 'public' } }, async (request, reply) => {
    const page = await pageContext(langOf(request));
    const account = request.query.token ? await verifyEmail(db, request.query.token) : null;
    if (!account) {
      return html(
        reply,
        400,
        messagePage(page, page.t.linkInvalidTitle, page.t.linkInvalidText, { href: startOver, text: page.t.signIn }),
      );
    }
    return html(
      reply,
      200,
      messagePage(page, page.t.verifiedTitle, page.t.verifiedText, {
        href: `${startOver}?lang=${page.language}`,
        text: page.t.signIn,
      }),
    );
  });

  const forgotPage = (page: PageContext, state: { email?: string; notice?: Parameters<typeof notice>[0] } = {}) =>
    layout(
      page,
      page.t.forgotTitle,
      `<h1>${e(page.t.forgotTitle)}</h1><p class="intro">${e(page.t.forgotIntro)}</p>${notice(state.notice)}
${form(`${IDP_PATH}/forgot?lang=${page.language}`, [{ name: 'email', label: page.t.email, type: 'email', value: state.email, autocomplete: 'email' }], page.t.sendLink)}
${links([{ href: `${startOver}?lang=${page.language}`, text: page.t.backToSignIn }])}`,
    );

  app.get(`${IDP_PATH}/forgot`, { config: { access: 'public' } }, async (request, reply) =>
    html(reply, 200, forgotPage(await pageContext(langOf(request)))),
  );

  app.post<{ Body: Body }>(
    `${IDP_PATH}/forgot`,
    { config: { access: 'public', rateLimit: MAIL_LIMIT } },
    async (request, reply) => {
      const page = await pageContext(langOf(request));
      const email = String(request.body?.email ?? '').trim();
      const account = email ? await findAccountByEmail(db, email) : null;
      if (account) await mailAccountLink(account, 'reset-password', page);
      return html(reply, 200, forgotPage(page, { email, notice: { kind: 'success', text: page.t.forgotSent } }));
    },
  );

  const resetPage = (page: PageContext, token: string, errors: Record<string, string> = {}) =>
    layout(
      page,
      page.t.resetTitle,
      `<h1>${e(page.t.resetTitle)}</h1>
${form(
  `${IDP_PATH}/reset?lang=${page.language}`,
  [
    {
      name: 'password',
      label: page.t.password,
      type: 'password',
      autocomplete: 'new-password',
      error: errors.password,
      hint: passwordHint(page.t),
    },
    {
      name: 'passwordConfirm',
      label: page.t.passwordConfirm,
      type: 'password',
      autocomplete: 'new-password',
      error: errors.passwordConfirm,
    },
  ],
  page.t.resetSubmit,
  `<input type="hidden" name="token" value="${e(token)}">`,
)}`,
    );

  app.get<{ Querystring: Body }>(`${IDP_PATH}/reset`, { config: { access: 'public' } }, async (request, reply) => {
    const page = await pageContext(langOf(request));
    const token = request.query.token ?? '';
    if (!token || !(await isResetTokenUsable(db, token))) {
      return html(
        reply,
        400,
        messagePage(page, page.t.linkInvalidTitle, page.t.linkInvalidText, {
          href: `${IDP_PATH}/forgot?lang=${page.language}`,
          text: page.t.forgot,
        }),
      );
    }
    return html(reply, 200, resetPage(page, token));
  });

  app.post<{ Body: Body }>(
    `${IDP_PATH}/reset`,
    { config: { access: 'public', rateLimit: MAIL_LIMIT } },
    async (request, reply) => {
      const page = await pageContext(langOf(request));
      const token = String(request.body?.token ?? '');
      const parsed = ZNewPassword.safeParse(request.body ?? {});
      if (!parsed.success) return html(reply, 400, resetPage(page, token, fieldErrors(page.t, parsed.error)));
      const account = await resetPassword(db, token, parsed.data.password);
      if (!account) {
        return html(
          reply,
          400,
          messagePage(page, page.t.linkInvalidTitle, page.t.linkInvalidText, {
            href: `${IDP_PATH}/forgot?lang=${page.language}`,
            text: page.t.forgot,
          }),
        );
      }
      return html(
        reply,
        200,
        messagePage(page, page.t.resetTitle, page.t.resetDone, {
          href: `${startOver}?lang=${page.language}`,
          text: page.t.signIn,
        }),
      );
    },
  );
}
