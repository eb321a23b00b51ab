import type { Sql } from '../../db/database';

/**
 * Enrols a user in a program on their hospital's word (the operator's `programs enrol`): no
 * payment. Null when the program is not the tenant's; false when the user already belongs.
 * Every table is filtered by the tenant too: an operator's superuser owner is not narrowed by RLS.
 */
export async function enrolInProgram(
  sql: Sql,
  input: { userId: number; programId: number; by: string; now: Date },
): Promise<boolean | null> {
  const { rows: program } = await sql.query(
    'SELECT 1 FROM health_programs WHERE health_program_id = $1 AND tenant_id = current_tenant()',
    [input.programId],
  );
  if (!program.length) return null;
  const { rows } = await sql.query(
    `INSERT INTO user_health_programs (user_id, health_program_id, source, enrolled_by, joined_at)
     SELECT user_id, $2, 'enrolled', $3, $4 FROM users WHERE user_id = $1 AND tenant_id = current_tenant()
     ON CONFLICT DO NOTHING RETURNING 1`,
    [input.userId, input.programId, input.by, input.now],
  );
  return rows.length > 0;
}
