import type { TReportEmbed, TReportEntry } from '@impact/domain';
import type { AppConfig } from '../../config';
import { AppError, notFound } from '../../lib/app-error';

type Settings = NonNullable<AppConfig['powerBi']>;
export type EffectiveIdentity = { username: string; roles: string[]; datasets: string[] };

/** A failure of the Power BI service: a 503 whose details stay in the log. */
const upstream = (detail: string) =>
  new AppError('unavailable', { messageKey: 'errors.powerBi.failed', cause: new Error(detail) });

/**
 * The Power BI REST API through a service principal (client credentials). Every call is made
 * only when the settings exist; the base URLs come from them, so tests point it at a local stub.
 */
export class PowerBiClient {
  constructor(private readonly s: Settings) {}

  private async accessToken(): Promise<string> {
    const res = await fetch(`${this.s.authorityUrl}/${encodeURIComponent(this.s.tenantId)}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.s.clientId,
        client_secret: this.s.clientSecret,
        scope: this.s.scope,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => null)) as { access_token?: string } | null;
    if (!res.ok || !body?.access_token) throw upstream(`token endpoint answered ${res.status}`);
    return body.access_token;
  }

  private async api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const token = await this.accessToken();
    const res = await fetch(`${this.s.apiUrl}/v1.0/myorg/${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status === 404) throw notFound('errors.powerBi.reportNotFound');
    if (!res.ok) throw upstream(`${path} answered ${res.status}`);
    return (await res.json()) as T;
  }

  /** PowerBi/Available: the reports of a workspace. */
  async reports(groupId: string): Promise<TReportEntry[]> {
    const body = await this.api<{ value: Array<{ id: string; name: string; datasetId?: string }> }>(
      `groups/${encodeURIComponent(groupId)}/reports`,
    );
    return body.value.map((r) => ({
      reportName: r.name,
      reportId: r.id,
      datasetId: r.datasetId ?? '',
      workspaceId: groupId,
    }));
  }

  /** An embed token for one report (with an effective identity for row-level security when given). */
  async embed(
    workspaceId: string,
    reportId: string,
    rls?: { username: string; roles: string[] },
  ): Promise<TReportEmbed> {
    const report = await this.api<{ id: string; embedUrl: string; datasetId: string }>(
      `groups/${encodeURIComponent(workspaceId)}/reports/${encodeURIComponent(reportId)}`,
    );
    const body: Record<string, unknown> = {
      datasets: [{ id: report.datasetId }],
      reports: [{ id: report.id }],
      targetWorkspaces: [{ id: workspaceId }],
    };
    if (rls) {
      body.identities = [{ username: rls.username, roles: rls.roles, datasets: [report.datasetId] }];
    }
    const token = await this.api<{ token: string; expiration: string }>('GenerateToken', { method: 'POST', body });
    return {
      embedReport: [{ reportId: report.id, embedUrl: report.embedUrl }],
      embedToken: { token: token.token, expiration: token.expiration },
      showFilters: false,
    };
  }
}
