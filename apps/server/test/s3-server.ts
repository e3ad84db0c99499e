import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type TestS3 = { env: Record<string, string>; bucket: string; endpoint: string; stop(): Promise<void> };

const SCRIPT = `
const S3rver = require('s3rver');
const [dir, bucket] = process.argv.slice(1);
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
server.run().then(({ port }) => console.log(JSON.stringify({ port })));
process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
`;

/**
 * A local S3-compatible server (s3rver from npm) on a free loopback port, in its own process so
 * its memory is not counted as the app's. Files go to a temporary folder removed by stop().
 */
export async function startTestS3(): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-s3-'));
  const bucket = 'impact-test';
  const child: ChildProcess = spawn(process.execPath, ['-e', SCRIPT, dir, bucket], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).port);
    });
    child.on('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
