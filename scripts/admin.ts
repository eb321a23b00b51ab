import { loadEnv } from '../server/config/env';
import { loadRegistry, openDatabase } from '../server/startup';
import { migrate } from '../server/db/migrate';
import { loadAdminCommands } from '../server/admin/load-commands';
import { adminSocketPath, sendAdminCommand } from '../server/admin/socket';
import { startChangeBus } from '../server/services/change-bus/index';

/**
 * `npm run admin -- <command> [args]`: operator commands (server/admin/commands/) against the
 * database the environment names. With the embedded database and a server running on it, the
 * command runs inside that server (see server/admin/socket.ts); otherwise it opens the database.
 */
const commands = await loadAdminCommands();
const [name, ...args] = process.argv.slice(2);
const command = name ? commands.get(name) : undefined;
if (!command) {
  console.error('Usage: npm run admin -- <command> [args]\n\nCommands:');
  for (const c of commands.values()) console.error(`  ${c.usage.padEnd(56)} ${c.description}`);
  process.exit(name ? 2 : 0);
}
const env = loadEnv();
const viaServer = env.DATABASE_URL
  ? null
  : await sendAdminCommand(adminSocketPath(env.DATA_DIR), command.name, args);
if (viaServer) {
  for (const line of viaServer.lines) console.log(line);
  process.exit(viaServer.code);
}
const registry = loadRegistry(env);
const db = await openDatabase(env);
// A change the command makes (an approval, a cancellation) reaches every running server at once.
const changeBus = await startChangeBus(db, { warn: (detail, message) => console.error(message ?? detail) });
try {
  await migrate(db);
  process.exitCode = await command.run({ db, registry, args, env, print: (line) => console.log(line) });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await changeBus.close();
  await db.close();
}
