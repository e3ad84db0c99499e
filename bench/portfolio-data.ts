import { DEFAULT_SROI_PARAMS } from '@impact/domain';
import pg from 'pg';
import { insertStep, oneRowOf } from './seed-sql';

export type PortfolioSizes = { calls: number; grantCalls: number; grants: number; reportsPerGrant: number };

/**
 * A funder some years into grant making, written straight in SQL after the server migrated:
 * `calls` calls, `grants` grants spread over `grantCalls` of them (one organization each, which
 * also applied to four other calls), every application with an impact answer (two to four SDGs
 * and a forecast SROI, copied into report_impact_answers by its trigger as the API's writes are),
 * three tranches per grant (on acceptance, on the approval of the fourth report, on a date; the
 * ones due paid), and a reporting plan of `reportsPerGrant` items on each grant call, every item
 * with its hidden form call, hence that many reports per grant, due every six months from the
 * start. Of the reports already due, most were submitted (in their form call, most with an actual
 * SROI, most approved) and the rest are overdue. Grants start from 2021 to 2026.
 */
export async function seedPortfolio(
  databaseUrl: string,
  sizes: PortfolioSizes = { calls: 1000, grantCalls: 200, grants: 1000, reportsPerGrant: 10 },
) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('begin');
    // Drawn from a fixed seed, so two runs measure the same portfolio.
    await c.query('select setseed(0.43)');
    const one = oneRowOf(c);
    const ct = await one(`insert into call_types (name, description) values ('Portfolio bench', 'x') returning id`);
    await insertStep(one, ct.id ?? '', { name: 'Progetto', type: 'text', sort: 0, content: { question: 'Progetto' } });
    const impactStep = await insertStep(one, ct.id ?? '', {
      name: 'Impatto',
      type: 'miniDyi',
      sort: 1,
      content: { frameworkId: '00000000-0000-4000-8000-000000000001' },
    });
    const reportType = await one(`insert into call_types (name, description) values ('Rendiconto', 'x') returning id`);
    await insertStep(one, reportType.id ?? '', { name: 'Attività', type: 'text', sort: 0, content: { question: 'x' } });
    const actualsStep = await insertStep(one, reportType.id ?? '', {
      name: 'Impatto misurato',
      type: 'impactActuals',
      sort: 1,
      content: {},
    });
    await c.query(
      `create temp table bench_calls on commit drop as
       select gen_random_uuid() as id, i as n from generate_series(1, $1::int) i`,
      [sizes.calls],
    );
    // One call in five (or as many as needed) gives grants; some carry an English name.
    await c.query(
      `insert into calls (id, name, opening_at, closing_at, call_type_id, translations)
       select id, 'Bando ' || n, now() - interval '6 years' + n * interval '2 days',
              now() - interval '6 years' + n * interval '2 days' + interval '60 days', $1,
              case when n % 3 = 0 then jsonb_build_object('en', jsonb_build_object('name', 'Call ' || n)) else '{}' end
       from bench_calls`,
      [ct.id],
    );
    await c.query(
      `create temp table bench_grant_calls on commit drop as
       select id, row_number() over (order by n) - 1 as k from bench_calls
       where n % greatest(1, $1::int / $2::int) = 0 order by n limit $2`,
      [sizes.calls, sizes.grantCalls],
    );
    await c.query(
      `insert into users (issuer, subject, email, first_name, last_name, roles)
       select 'bench', 'g' || i, 'g' || i || '@bench.example', 'N', 'C', '{}' from generate_series(1, $1::int) i`,
      [sizes.grants],
    );
    await c.query(
      `insert into organizations (owner_user_id, name, reg_number, street_name, city_name, country,
                                  contact_name, contact_surname, contact_role, contact_email, personal_data)
       select id, 'Ente ' || substr(md5(subject), 1, 6) || ' ' || subject, '0123', 'Via Roma 1', 'Torino', 'IT',
              'A', 'B', 'C', 'a@b.example', true
       from users where issuer = 'bench' and subject like 'g%'`,
    );
    // Organization n applied to grant call n mod grantCalls (and got the grant) and to four others.
    await c.query(
      `create temp table bench_orgs on commit drop as
       select o.id, o.owner_user_id, row_number() over (order by o.id) - 1 as n
       from organizations o join users u on u.id = o.owner_user_id where u.issuer = 'bench'`,
    );
    await c.query(
      `insert into call_submissions (call_id, organization_id, created_by_user_id, closed, closed_at, created_at)
       select coalesce(gc.id, oc.id), o.id, o.owner_user_id, true, now() - interval '5 years', now() - interval '5 years'
       from bench_orgs o cross join generate_series(0, 4) j
       left join bench_grant_calls gc on j = 0 and gc.k = o.n % $1::int
       left join (select id, row_number() over (order by n) - 1 as k, count(*) over () as total from bench_calls
                  where id not in (select id from bench_grant_calls)) oc on j > 0 and oc.k = (o.n * 7 + j * 131) % oc.total`,
      [sizes.grantCalls],
    );
    await c.query(
      `insert into step_results (call_submission_id, step_id, content, score)
       select cs.id, $1, json_build_object('budget', 1000 + k % 90000,
                'sdg', (select json_agg(1 + (k / p) % 17) from generate_series(1, 2 + k % 3) p),
                'selectedOutcomes', '[]'::json)::text,
              round((0.5 + (k % 700) / 100.0)::numeric, 2)
       from (select id, abs(hashtext(id::text)) as k from call_submissions
             where organization_id in (select id from bench_orgs)) cs`,
      [impactStep],
    );
    // 80 % active, 20 % closed; starts spread over 2021-01-01 .. 2026-09-30.
    await c.query(
      `insert into grants (submission_id, organization_id, call_id, amount, starts_at, ends_at, status,
                           letter_language, letter_text, letter_hash, letter_sent_at, accepted_at, accepted_by_name,
                           created_at)
       select s.id, s.organization_id, s.call_id, a.amount, a.starts, a.starts + interval '5 years',
              case when random() < 0.8 then 'active' else 'closed' end, 'it', 'Lettera', md5(s.id::text),
              a.starts - interval '20 days', a.starts - interval '10 days', 'N C', a.starts - interval '30 days'
       from call_submissions s join bench_grant_calls gc on gc.id = s.call_id
       cross join lateral (select round((10000 + random() * 190000)::numeric, -2) as amount,
                                  date '2021-01-01' + (random() * 2100)::int as starts where s.id is not null) a`,
    );
    // The forecast each grant keeps from its acceptance: four indicators under its first two SDGs.
    await c.query(
      `update grants g set impact_forecast = jsonb_build_object('budget', 100000, 'params', $1::jsonb, 'indicators',
         (select jsonb_agg(jsonb_build_object('key', (i / 2) || '-' || (i % 2), 'outcomeName', 'Esito ' || (i / 2),
                   'stakeholderName', 'Giovani', 'indicatorName', 'Indicatore ' || i, 'proxyName', 'Valore ' || i,
                   'targetValue', 10 + abs(hashtext(g.id::text || i)) % 90, 'proxyValue', 100 + i * 50,
                   'sdg', coalesce(ia.sdgs[1 + i / 2], 1)))
            from generate_series(0, 3) i))
       from report_impact_answers ia where ia.call_submission_id = g.submission_id`,
      [JSON.stringify(DEFAULT_SROI_PARAMS)],
    );
    await c.query(
      `create temp table bench_plan on commit drop as
       select gen_random_uuid() as plan_id, gen_random_uuid() as form_call_id, gc.id as call_id, p as position
       from bench_grant_calls gc cross join generate_series(0, $1::int - 1) p`,
      [sizes.reportsPerGrant],
    );
    await c.query(
      `insert into calls (id, name, opening_at, closing_at, call_type_id, draft)
       select form_call_id, 'Rendiconto ' || (position + 1), now() - interval '6 years', date '9999-12-31', $1, true
       from bench_plan`,
      [reportType.id],
    );
    await c.query(
      `insert into grant_report_plans (id, call_id, position, name, due_after_months, call_type_id, form_call_id)
       select plan_id, call_id, position, 'Rendiconto ' || (position + 1), 6 * (position + 1), $1, form_call_id
       from bench_plan`,
      [reportType.id],
    );
    await c.query(
      `insert into grant_reports (grant_id, plan_id, due_at)
       select g.id, p.plan_id, (g.starts_at + make_interval(months => 6 * (p.position + 1)))::date
       from grants g join bench_plan p on p.call_id = g.call_id`,
    );
    // Of the reports due, 85 % were submitted a few days early; 70 % of those with an actual SROI.
    await c.query(
      `update grant_reports set submitted_at = due_at - (random() * 20)::int * interval '1 day',
              actual_sroi = case when random() < 0.7 then round((0.3 + random() * 6)::numeric, 2)::float8 end,
              approved_at = case when random() < 0.85 then due_at + interval '10 days' end
       where due_at < current_date and random() < 0.85`,
    );
    // Each submitted report (and about half of those due within two months) is a submission of
    // its item's form call by the grantee.
    await c.query(
      `create temp table bench_report_submissions on commit drop as
       select r.id as report_id, gen_random_uuid() as submission_id, p.form_call_id, g.organization_id,
              o.owner_user_id, r.submitted_at
       from grant_reports r join grants g on g.id = r.grant_id join bench_plan p on p.plan_id = r.plan_id
       join organizations o on o.id = g.organization_id
       where r.submitted_at is not null or (r.due_at between current_date and current_date + 60 and random() < 0.5)`,
    );
    await c.query(
      `insert into call_submissions (id, call_id, organization_id, created_by_user_id, closed, closed_at, created_at)
       select submission_id, form_call_id, organization_id, owner_user_id, submitted_at is not null, submitted_at,
              coalesce(submitted_at, now()) - interval '15 days'
       from bench_report_submissions`,
    );
    await c.query(
      `update grant_reports r set submission_id = b.submission_id
       from bench_report_submissions b where b.report_id = r.id`,
    );
    // Each submitted report measured every indicator, at half to one and a half times its target.
    await c.query(
      `insert into step_results (call_submission_id, step_id, content, score)
       select b.submission_id, $1, jsonb_build_object(
                'values', (select jsonb_agg(jsonb_build_object('key', i->>'key',
                              'value', round((i->>'targetValue')::numeric * (0.5 + random())), 'note', 'Dal registro'))
                             from jsonb_array_elements(g.impact_forecast->'indicators') i),
                'files', '[]'::jsonb, 'forecast', g.impact_forecast,
                'forecastSroi', null, 'actualSroi', null)::text, r.actual_sroi
       from bench_report_submissions b join grant_reports r on r.id = b.report_id join grants g on g.id = r.grant_id
       where b.submitted_at is not null`,
      [actualsStep],
    );
    await c.query(
      `update grant_reports r set actual_values = (select jsonb_object_agg(v->>'key', v->'value')
                                                   from jsonb_array_elements(sr.content::jsonb->'values') v)
       from step_results sr where sr.call_submission_id = r.submission_id and sr.step_id = $1`,
      [actualsStep],
    );
    await c.query(
      `insert into grant_tranches (grant_id, position, amount, condition, due_at, paid_at, report_plan_id)
       select g.id, t.position, round(g.amount * t.share, 2), t.condition, t.due, t.paid, t.plan
       from grants g
       join bench_plan p4 on p4.call_id = g.call_id and p4.position = 3
       join grant_reports r4 on r4.grant_id = g.id and r4.plan_id = p4.plan_id
       cross join lateral (values
         (0, 0.4, 'onAcceptance', null::date, g.accepted_at::date, null::uuid),
         (1, 0.3, 'onReportApproval', null, (r4.approved_at + interval '15 days')::date, p4.plan_id),
         (2, 0.3, 'onDate', g.ends_at, case when g.ends_at < current_date then g.ends_at end, null)
       ) t(position, share, condition, due, paid, plan)`,
    );
    const admin = await one(
      `insert into users (issuer, subject, email, first_name, last_name, roles)
       values ('bench', 'admin', 'admin@bench.example', 'Ada', 'Admin', '{admin}') returning id, email`,
    );
    const session = await one(
      `insert into refresh_tokens (family_id, user_id, token_hash, expires_at)
       values (gen_random_uuid(), $1, md5(random()::text), now() + interval '1 day') returning family_id`,
      [admin.id],
    );
    const picked = await one(
      `select (select id from bench_grant_calls where k = 0) as call_id,
              (select extract(year from starts_at)::int from grants group by 1 order by count(*) desc limit 1) as year`,
    );
    await c.query('commit');
    // Steady state: the report tallies folded (the server does it every minute) and the
    // visibility map set, as autovacuum leaves a database that was not just bulk-loaded.
    await c.query('select report_tallies_rebuild(id) from calls where id in (select call_id from call_submissions)');
    await c.query('vacuum analyze');
    const counts = await one(
      `select (select count(*) from calls) as calls, (select count(*) from calls where draft) as form_calls,
              (select count(*) from grants) as grants, (select count(*) from grant_reports) as reports,
              (select count(*) from grant_report_plans) as plans, (select count(*) from grant_tranches) as tranches,
              (select count(*) from grant_tranches where paid_at is not null) as paid_tranches,
              (select count(*) from call_submissions) as submissions,
              (select count(*) from report_impact_answers) as impact_answers,
              (select count(*) from grant_reports where submitted_at is null and due_at < current_date) as overdue,
              (select count(*) from grant_reports where actual_sroi is not null) as with_actual_sroi,
              (select count(*) from step_results sr join steps st on st.id = sr.step_id
                 join step_types t on t.id = st.step_type_id where t.name = 'impactActuals') as actuals_answers`,
    );
    return {
      callId: picked.call_id ?? '',
      year: Number(picked.year),
      admin: { id: admin.id ?? '', email: admin.email ?? '', sessionId: session.family_id ?? '' },
      counts: Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])),
    };
  } finally {
    await c.end();
  }
}
