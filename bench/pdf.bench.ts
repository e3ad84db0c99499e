import fs from 'node:fs';
import http from 'node:http';
import { RENDER_THREAD_IDLE_MS, renderOnThread } from '../apps/server/src/modules/pdf/render-pool';
import { apiAs } from '../e2e/support/api';
import { DEMO } from '../e2e/support/sign-in';
import { largeExportData } from './pdf-data';
import { type BenchResult, percentile, startBenchServer } from './support';

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

/**
 * Budget 1: a long application (pdf-data.ts: 24 long text answers, a survey with 100
 * answers, 20 attachments, a 4-SDG impact design: 44 A4 pages) renders in under 1 s on a warm
 * render thread: what a record's first download pays, once. Measured through the pool, as the
 * server does it (thread hand-over included).
 */
async function renderBudget(): Promise<BenchResult> {
  {
    const data = largeExportData();
    let pdf: Buffer = Buffer.alloc(0);
    for (let i = 0; i < 3; i++) pdf = await renderOnThread({ data, language: 'it' }); // warm-up: fonts, JIT
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      pdf = await renderOnThread({ data, language: 'it' });
      times.push(performance.now() - t0);
    }
    const ms = Math.round(median(times));
    return {
      name: `render a ${pages(pdf)}-page application`,
      budget: 'median < 1 s on a warm render thread',
      ok: ms < 1000,
      figures: {
        medianMs: ms,
        minMs: Math.round(Math.min(...times)),
        pages: pages(pdf),
        kB: Math.round(pdf.length / 1024),
      },
    };
  }
}

function timedGet(url: string, agent: http.Agent, headers: Record<string, string> = {}) {
  const t0 = performance.now();
  return new Promise<{ ms: number; status: number; bytes: number }>((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, bytes }));
      })
      .on('error', reject);
  });
}

/** The server process's resident memory now, in MB (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * Budget 2: a record's PDF is made once. A closed long application (24 long answers): its first
 * download (render and store, the render thread already warm) under 1 s; every later download,
 * read from storage, under 50 ms (median of 10); 20 downloads at once keep the server under 300 MB
 * resident, every PDF arrives, and a light request (GET Config/GetConfig) every 25 ms keeps its
 * p95 under 100 ms.
 */
async function madeOnce(): Promise<BenchResult[]> {
  const server = await startBenchServer({ seedDemo: true });
  try {
    const admin = await apiAs(server.url);
    const types = await admin<Array<{ id: string; name: string }>>('Step/GetStepTypes');
    const text = types.find((t) => t.name === 'text')?.id;
    const callType = await admin<{ id: string }>('Call/CreateCallType', 'POST', {
      name: 'Bench PDF',
      description: '',
      steps: Array.from({ length: 24 }, (_, i) => ({
        name: `Domanda ${i + 1}`,
        description: '',
        content: JSON.stringify({ question: `<p>Descrivete la fase ${i + 1}.</p>` }),
        sort: i,
        stepTypeId: text,
      })),
    });
    const day = 86_400_000;
    const call = await admin<{ id: string }>('Call/CreateCall', 'POST', {
      name: 'Bando Bench PDF',
      description: '',
      openingAt: new Date(Date.now() - day).toISOString(),
      closingAt: new Date(Date.now() + day).toISOString(),
      callTypeId: callType.id,
    });
    const applicant = await apiAs(server.url, DEMO.applicant);
    const org = await applicant<{ id: string }>('Organization/CreateOrganization', 'POST', {
      name: 'Ente Bench',
      reg_number: '01234567890',
      street_name: 'Via Roma 1',
      city_name: 'Torino',
      country: 'IT',
      contact_name: 'A',
      contact_surname: 'B',
      contact_role: 'C',
      contact_email: 'a@b.it',
      personalData: true,
    });
    const sub = await applicant<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
      callId: call.id,
      organizationId: org.id,
    });
    const full = await applicant<{ steps: Array<{ id: string }> }>(`Call/GetCallById?callId=${call.id}`);
    const answer = JSON.parse(largeExportData().sectionsForPDF[0]?.answers ?? '{}').answer as string;
    for (const step of full.steps) {
      await applicant('Call/UpsertCallStepResult', 'POST', {
        callSubmissionId: sub.id,
        stepId: step.id,
        content: JSON.stringify({ answer }),
        version: 0,
      });
    }
    await applicant('Call/CloseCallSubmission', 'POST', { submissionId: sub.id });

    // The applicant's bearer token, for plain node:http requests.
    const token = await bearerOf(server.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const pdfUrl = `${server.url}/api/Call/GetSubmissionPdf?submissionId=${sub.id}`;
    const auth = { authorization: `Bearer ${token}` };
    // Warms the render thread with the English copy: the Italian one is still to be made.
    await timedGet(`${pdfUrl}&lang=en`, agent, auth);
    const first = await timedGet(`${pdfUrl}&lang=it`, agent, auth);
    const later: number[] = [];
    for (let i = 0; i < 10; i++) later.push((await timedGet(`${pdfUrl}&lang=it`, agent, auth)).ms);
    const laterMs = Number(median(later).toFixed(1));
    const light: number[] = [];
    let done = false;
    const lightLoop = (async () => {
      while (!done) {
        light.push((await timedGet(`${server.url}/api/Config/GetConfig`, agent)).ms);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    // The render thread's share, then the downloads once it has stopped (its idle time passed):
    // stored PDFs are served without it.
    const rssWarmThreadMb = rssMb(server.pid);
    await new Promise((r) => setTimeout(r, RENDER_THREAD_IDLE_MS + 2_000));
    const rssBeforeMb = rssMb(server.pid);
    let peakMb = rssBeforeMb;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssMb(server.pid));
    }, 10);
    const t0 = performance.now();
    const pdfs = await Promise.all(Array.from({ length: 20 }, () => timedGet(`${pdfUrl}&lang=it`, agent, auth)));
    const totalMs = performance.now() - t0;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, rssMb(server.pid));
    done = true;
    await lightLoop;
    agent.destroy();
    const sorted = [...light].sort((a, b) => a - b);
    const p95 = Number(percentile(sorted, 95).toFixed(1));
    const failures = pdfs.filter((p) => p.status !== 200 || p.bytes < 1000).length;
    return [
      {
        name: 'a record’s PDF: first download, then from storage',
        budget: 'first < 1 s, later median < 50 ms',
        ok: first.status === 200 && first.ms < 1000 && laterMs < 50,
        figures: { firstMs: Math.round(first.ms), laterMedianMs: laterMs, laterMaxMs: Math.round(Math.max(...later)) },
      },
      {
        name: '20 parallel downloads of a stored PDF, light request alongside (render thread stopped after its idle time)',
        budget: 'RSS < 300 MB, light p95 < 100 ms, every PDF delivered',
        ok: peakMb < 300 && p95 < 100 && failures === 0,
        figures: {
          rssWarmThreadMb,
          rssBeforeMb,
          peakRssMb: peakMb,
          lightP50: Number(percentile(sorted, 50).toFixed(1)),
          lightP95: p95,
          lightRequests: light.length,
          pdfFailures: failures,
          pdfsTotalMs: Math.round(totalMs),
          pdfMedianMs: Math.round(median(pdfs.map((p) => p.ms))),
        },
      },
    ];
  } finally {
    await server.stop();
  }
}

/** A bearer token of the demo applicant (the same sign-in apiAs does, keeping the token). */
async function bearerOf(baseUrl: string): Promise<string> {
  let captured = '';
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const auth = (init?.headers as Record<string, string> | undefined)?.authorization;
    if (auth) captured = auth.replace(/^Bearer /, '');
    return original(input, init);
  }) as typeof fetch;
  try {
    const api = await apiAs(baseUrl, DEMO.applicant);
    await api('Config/GetConfig');
  } finally {
    globalThis.fetch = original;
  }
  return captured;
}

export async function benchPdf(): Promise<BenchResult[]> {
  return [await renderBudget(), ...(await madeOnce())];
}
