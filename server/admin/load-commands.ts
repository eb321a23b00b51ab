import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdminCommand } from './commands/command';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'commands');

/** Every operator command in server/admin/commands/, by name. */
export async function loadAdminCommands(): Promise<Map<string, AdminCommand>> {
  const commands = new Map<string, AdminCommand>();
  const files = readdirSync(DIR).filter(
    (f) => /\.ts$/.test(f) && !f.endsWith('.test.ts') && f !== 'command.ts',
  );
  for (const file of files) {
    const module = (await import(path.join(DIR, file))) as { command: AdminCommand };
    commands.set(module.command.name, module.command);
  }
  return commands;
}
