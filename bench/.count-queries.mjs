import require_fs from 'node:fs';
import pg from 'pg';

const counts = new Map();
const bytes = new Map();
const orig = pg.Client.prototype.query;
globalThis.__countQueries = true;
pg.Client.prototype.query = function (config, values, cb) {
  const text = typeof config === 'string' ? config : (config?.text ?? config?.name ?? '?');
  const key = (config?.name ? `[${config.name}] ` : '') + String(text).replace(/\s+/g, ' ').slice(0, 110);
  counts.set(key, (counts.get(key) ?? 0) + 1);
  const vals = Array.isArray(values) ? values : (config?.values ?? []);
  bytes.set(
    key,
    (bytes.get(key) ?? 0) + vals.reduce((a, v) => a + (v == null ? 0 : String(v).length), 0) + String(text).length,
  );
  return orig.call(this, config, values, cb);
};
process.on('exit', () => {
  const out = [];
  for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 40))
    out.push(String(v).padStart(6) + ' ' + String(Math.round(bytes.get(k) / v)).padStart(7) + 'B ' + k);
  require_fs.writeFileSync('/tmp/queries-' + process.pid + '.txt', out.join('\n'));
});
