import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { invalid } from '../../lib/app-error';

/**
 * Impact actuals measure a grant's application, so they belong in a report's form (decision
 * 0044): in an application they would block every Submit. Checked after a write, in its
 * transaction, whichever way the steps or the call type came (the call editor, UpsertCallType,
 * CreateCall, a call pointed at another type): a call that is not a report's form may not use a
 * call type with such a step (400, the write rolled back).
 */
export async function assertActualsOnlyInForms(tx: Tx, callTypeId: string, path: string) {
  const found = await rows<{ one: number }>(
    tx,
    sql`select 1 as one from steps s
          join step_types t on t.id = s.step_type_id and t.name = 'impactActuals'
         where s.call_type_id = ${callTypeId}::uuid
           and exists (select 1 from calls c where c.call_type_id = ${callTypeId}::uuid
                        and not exists (select 1 from grant_report_plans p where p.form_call_id = c.id))
         limit 1`,
  );
  if (found.length) throw invalid([{ path, messageKey: 'errors.impactActuals.onlyInReports' }]);
}
