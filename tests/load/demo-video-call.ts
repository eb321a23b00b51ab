import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * `npm run admin -- demo video-now <tenant> --user <email>` against the database of `env`
 * (DATABASE_URL, else the embedded one in DATA_DIR, reached through the running server's admin
 * socket): a paid video consultation of that patient with a demo doctor free now, open to join.
 */
export async function bookVideoNow(
  env: Record<string, string>,
  tenant: string,
  email: string,
): Promise<{ appointmentId: number; doctorLogin: string }> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin.ts', 'demo', 'video-now', tenant, '--user', email],
    { env: { ...process.env, ...env }, timeout: 60_000 },
  ).catch((error: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`demo video-now failed: ${error.stdout ?? ''}${error.stderr ?? error.message}`);
  });
  const found = /appointmentId=(\d+) doctorLogin=(\S+)/.exec(stdout);
  if (!found) throw new Error(`demo video-now said: ${stdout}`);
  return { appointmentId: Number(found[1]), doctorLogin: found[2]! };
}
