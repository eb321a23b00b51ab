import { chmodSync, existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Env } from '../config/env';
import type { Database } from '../db/database';
import type { TenantRegistry } from '../tenancy/registry';
import { loadAdminCommands } from './load-commands';

/** Where a server on the embedded database listens for operator commands. */
export const adminSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), 'admin.sock');

export interface AdminReply {
  code: number;
  lines: string[];
}

/**
 * PGlite lets only one process open a data folder, so while the server runs, `npm run admin`
 * cannot open the embedded database itself. The server therefore runs operator commands sent to
 * a Unix socket in DATA_DIR (mode 0600: only the same OS user, who could read the data folder
 * anyway). With PostgreSQL there is no socket: the command opens the database directly.
 */
export async function startAdminSocket(
  socketPath: string,
  db: Database,
  registry: TenantRegistry,
  env?: Env,
): Promise<net.Server> {
  const commands = await loadAdminCommands();
  if (existsSync(socketPath)) rmSync(socketPath);
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', async (chunk: string) => {
      input += chunk;
      if (!input.includes('\n') || input.length > 64 * 1024) return;
      const reply = await runRequest(input.slice(0, input.indexOf('\n')));
      socket.end(`${JSON.stringify(reply)}\n`);
    });
    socket.on('error', () => undefined);
  });

  async function runRequest(line: string): Promise<AdminReply> {
    const lines: string[] = [];
    try {
      const { name, args } = JSON.parse(line) as { name: string; args: string[] };
      const command = commands.get(name);
      if (!command || !Array.isArray(args)) return { code: 2, lines: [`unknown command ${name}`] };
      const code = await command.run({
        db,
        registry,
        env,
        args: args.map(String),
        print: (l) => lines.push(l),
      });
      return { code, lines };
    } catch (error) {
      return { code: 1, lines: [...lines, error instanceof Error ? error.message : String(error)] };
    }
  }

  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  chmodSync(socketPath, 0o600);
  server.on('close', () => rmSync(socketPath, { force: true }));
  return server;
}

/**
 * Sends a command to a running server's socket. Resolves null when no server listens there
 * (no socket file, or a stale one), so the caller opens the database itself.
 */
export function sendAdminCommand(
  socketPath: string,
  name: string,
  args: string[],
): Promise<AdminReply | null> {
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ name, args })}\n`));
    socket.on('data', (chunk: string) => (output += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(output) as AdminReply);
      } catch {
        resolve({ code: 1, lines: ['the server sent no reply'] });
      }
    });
    socket.on('error', () => resolve(null));
  });
}
