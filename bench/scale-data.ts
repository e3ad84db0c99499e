import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startBenchServer } from './support';

/** The PostgreSQL server the scale benches run on; each run makes and drops its own database. */
export const BENCH_PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createScratchDatabase() {
  const name = `ic_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: BENCH_PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BENCH_PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: BENCH_PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The built server on a scratch PostgreSQL database with a known token secret (the benches sign
 * their own access tokens). A server that does not start must not leave its database behind.
 * BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under the load;
 * with BENCH_SERVER_STDOUT=1 what the server prints is shown too (`--trace-gc`, say).
 */
export async function startServerOnScratchDatabase() {
  const database = await createScratchDatabase();
  const secret = randomBytes(32).toString('hex');
  const server = await startBenchServer({
    databaseUrl: database.url,
    env: { AUTH_SECRET: secret },
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  }).catch(async (err: unknown) => {
    await database.drop();
    throw err;
  });
  return { database, secret, server };
}

/**
 * A real funder's size, written straight in SQL after the server has migrated the database:
 * 1,000 calls (three in ten open, three closed, four not open yet; one in fifty behind an e-mail
 * filter), 10,000 applicants with one organization each, 100,000 submissions (ten per
 * organization, three in ten submitted, started over the last 200 days), plus one admin.
 */
export async function seedFunder(
  databaseUrl: string,
  sizes = { calls: 1000, applicants: 10_000, perOrganization: 10 },
  /** How many applicants to hand back signed in (a session each), for loads of many distinct users. */
  signedIn = 0,
) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('begin');
    const ct = await c.query<{ id: string }>(
      `insert into call_types (name, description) values ('Bench', 'Bench') returning id`,
    );
    const callTypeId = ct.rows[0]?.id;
    await c.query(
      `insert into steps (call_type_id, name, content, sort, step_type_id)
       select $1, 'Progetto', '{"question":"<p>Descrivi il progetto</p>","maxLength":2000}', 0, id
       from step_types where name = 'text'`,
      [callTypeId],
    );
    await c.query(
      `insert into calls (name, description, opening_at, closing_at, call_type_id, is_user_filter_enable, user_filter_email)
       select 'Bando ' || i,
              '<p>' || repeat('Per progetti sociali con un impatto misurabile sul territorio. ', 6) || '</p>',
              now() + ((i % 10) - 5) * interval '20 days',
              now() + ((i % 10) - 5) * interval '20 days' + interval '50 days',
              $1, i % 50 = 0, case when i % 50 = 0 then 'someone@else.example' else '' end
       from generate_series(1, $2::int) i`,
      [callTypeId, sizes.calls],
    );
    await c.query(
      `insert into users (issuer, subject, email, first_name, last_name, roles)
       select 'bench', 'u' || i, 'u' || i || '@bench.example', 'Nome' || i, 'Cognome' || i, '{}'
       from generate_series(1, $1::int) i`,
      [sizes.applicants],
    );
    await c.query(
      `insert into users (issuer, subject, email, first_name, last_name, roles)
       values ('bench', 'admin', 'admin@bench.example', 'Ada', 'Admin', '{admin}')`,
    );
    await c.query(
      `insert into organizations (owner_user_id, name, reg_number, street_name, city_name, country,
                                  contact_name, contact_surname, contact_role, contact_email, personal_data)
       select id, 'Ente ' || subject, '01234567890', 'Via Roma 1', 'Torino', 'IT', 'A', 'B', 'C', 'a@b.example', true
       from users where issuer = 'bench' and subject <> 'admin'`,
    );
    await c.query(
      `insert into call_submissions (call_id, organization_id, created_by_user_id, closed, created_at, updated_at)
       select c.id, o.id, o.owner_user_id, random() < 0.3, t.at, t.at
       from (select id, owner_user_id, row_number() over (order by id) as rn from organizations) o
       cross join generate_series(0, $1::int - 1) k
       join (select id, row_number() over (order by id) - 1 as cn from calls) c on c.cn = (o.rn * $1::int + k) % $2::int
       cross join lateral (select now() - random() * interval '200 days' as at) t`,
      [sizes.perOrganization, sizes.calls],
    );
    await c.query('commit');
    // A funder's database in its steady state: the report tallies folded (the server does it every
    // minute; a bulk load leaves two million pending changes) and the visibility map set by
    // autovacuum, which a bulk load has not had time to run; and the load's dirty pages written
    // (a checkpoint: otherwise the one the load started flushes them while the bench measures).
    await c.query('select report_tallies_rebuild(id) from calls');
    await c.query('vacuum analyze');
    await c.query('checkpoint');
    const one = async (sql: string) => (await c.query(sql)).rows[0] as Record<string, string>;
    const applicant = await one(
      `select u.id, u.email, o.id as org from users u join organizations o on o.owner_user_id = u.id
       where u.subject = 'u1'`,
    );
    const admin = await one(`select id, email from users where subject = 'admin' and issuer = 'bench'`);
    // A live session (refresh-token family) for each, as sign-in makes: access tokens name it.
    const session = async (userId: string) =>
      (
        await c.query<{ family_id: string }>(
          `insert into refresh_tokens (family_id, user_id, token_hash, expires_at)
           values (gen_random_uuid(), $1, md5(random()::text), now() + interval '1 day') returning family_id`,
          [userId],
        )
      ).rows[0]?.family_id ?? '';
    const counts = await one(
      `select (select count(*) from calls) as calls, (select count(*) from call_submissions) as submissions,
              (select count(*) from users) as users`,
    );
    // The cursor of the page half-way down (the server's format: start to the microsecond, id).
    const middle = await one(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id
       from call_submissions order by created_at desc, id desc offset ${Math.floor((sizes.applicants * sizes.perOrganization) / 2)} limit 1`,
    );
    // The first `signedIn` applicants by name, each with a live session.
    const many = (
      await c.query<{ id: string; email: string; org: string; family_id: string }>(
        `with picked as (
           select u.id, u.email, o.id as org from users u join organizations o on o.owner_user_id = u.id
           where u.issuer = 'bench' and u.subject <> 'admin' order by u.subject limit $1),
         sessions as (
           insert into refresh_tokens (family_id, user_id, token_hash, expires_at)
           select gen_random_uuid(), id, md5(random()::text), now() + interval '1 day' from picked
           returning family_id, user_id)
         select p.id, p.email, p.org, s.family_id from picked p join sessions s on s.user_id = p.id`,
        [signedIn],
      )
    ).rows.map((r) => ({ id: r.id, email: r.email, organizationId: r.org, sessionId: r.family_id }));
    return {
      applicants: many,
      applicant: {
        id: applicant.id ?? '',
        email: applicant.email ?? '',
        organizationId: applicant.org ?? '',
        sessionId: await session(applicant.id ?? ''),
      },
      admin: { id: admin.id ?? '', email: admin.email ?? '', sessionId: await session(admin.id ?? '') },
      counts: { calls: Number(counts.calls), submissions: Number(counts.submissions), users: Number(counts.users) },
      middleCursor: Buffer.from(`${middle.at}|${middle.id}`).toString('base64url'),
    };
  } finally {
    await c.end();
  }
}
