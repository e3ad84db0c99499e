import type pg from 'pg';

/** The first row of a statement, as the seeding scripts read ids back. */
export type OneRow = (q: string, params?: unknown[]) => Promise<Record<string, string>>;

export function oneRowOf(c: pg.Client): OneRow {
  return async (q, params = []) => (await c.query(q, params)).rows[0] as Record<string, string>;
}

/** A step of the call type, of the step type with this name, its content written as JSON; its id. */
export async function insertStep(
  one: OneRow,
  callTypeId: string,
  step: { name: string; type: string; sort: number; content: unknown },
): Promise<string> {
  const row = await one(
    `insert into steps (call_type_id, name, content, sort, step_type_id)
     select $1, $2, $3, $4, id from step_types where name = $5 returning id`,
    [callTypeId, step.name, JSON.stringify(step.content), step.sort, step.type],
  );
  if (!row) throw new Error(`no step type named ${step.type}`);
  return row.id ?? '';
}
