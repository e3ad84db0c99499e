import { DEMO } from './sign-in';

/**
 * A signed-in API client for setting up a journey's data (a call to apply to), going through
 * the real sign-in over HTTP: start, provider login form, callback, token exchange.
 */
export async function apiAs(baseUrl: string, account: { email: string; password: string } = DEMO.admin) {
  const cookies = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, baseUrl), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = (pair ?? '').split('=');
      if (k) cookies.set(k.trim(), v.join('='));
    }
    return res;
  };
  let res = await request('/api/Auth/Login');
  let location = res.headers.get('location') ?? '';
  res = await request(location);
  const interaction = res.headers.get('location') ?? '';
  res = await request(`${interaction}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: account.email, password: account.password }).toString(),
  });
  location = res.headers.get('location') ?? '';
  for (let i = 0; i < 6 && !location.includes('/login-callback'); i++) {
    res = await request(location);
    location = res.headers.get('location') ?? '';
  }
  const callback = new URL(location, baseUrl);
  res = await request('/api/Jwt/token-exchange', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
      iss: callback.searchParams.get('iss') ?? undefined,
      redirectUri: `${baseUrl}/login-callback`,
    }),
  });
  if (!res.ok) throw new Error(`sign-in as ${account.email} failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return async <T = unknown>(path: string, method = 'GET', body?: unknown): Promise<T> => {
    // FormData (uploads) goes as multipart, anything else as JSON.
    const form = body instanceof FormData;
    const r = await fetch(new URL(`/api/${path}`, baseUrl), {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body && !form ? { 'content-type': 'application/json' } : {}) },
      body: form ? body : body ? JSON.stringify(body) : undefined,
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (r.status === 204 ? undefined : await r.json()) as T;
  };
}

/** An open call with a text step and an upload step (a mandatory 1 MB PDF), created as the admin. */
export async function createCallWithTextAndUpload(baseUrl: string, name: string) {
  const api = await apiAs(baseUrl);
  const types = await api<Array<{ id: string; name: string }>>('Step/GetStepTypes');
  const typeId = (n: string) => types.find((t) => t.name === n)?.id;
  const callType = await api<{ id: string }>('Call/CreateCallType', 'POST', {
    name,
    description: name,
    steps: [
      {
        name: 'Il progetto',
        description: '<p>Raccontaci il progetto.</p>',
        content: JSON.stringify({ question: '<p>Descrivi il progetto in poche righe.</p>', maxLength: 2000 }),
        sort: 0,
        stepTypeId: typeId('text'),
      },
      {
        name: 'Documenti',
        description: '',
        content: JSON.stringify([
          {
            file_name: 'Budget',
            file_description: 'Il budget del progetto',
            file_type: 'pdf',
            dimensions: 1024 * 1024,
            mandatory: true,
          },
        ]),
        sort: 1,
        stepTypeId: typeId('upload'),
      },
    ],
  });
  const day = 86_400_000;
  const call = await api<{ id: string }>('Call/CreateCall', 'POST', {
    name,
    description: '<p>Un bando <strong>di prova</strong>.</p>',
    openingAt: new Date(Date.now() - day).toISOString(),
    closingAt: new Date(Date.now() + 30 * day).toISOString(),
    callTypeId: callType.id,
  });
  return { api, callId: call.id };
}

/** An organization registered through the API by `api`'s account (its owner), with valid details. */
export async function createOrganizationAs(api: Awaited<ReturnType<typeof apiAs>>, name: string) {
  return api<{ id: string; name: string }>('Organization/CreateOrganization', 'POST', {
    name,
    reg_number: '01234567890',
    street_name: 'Via Roma 1',
    city_name: 'Torino',
    country: 'IT',
    contact_name: 'Paola',
    contact_surname: 'Rossi',
    contact_role: 'Presidente',
    contact_email: 'contatto@example.org',
    personalData: true,
  });
}
