import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/**
 * A Redis of the test's own (the machine's `redis-server` binary on a free loopback port, nothing
 * kept on disk), for outage proofs: the test kills it, freezes it and starts it again on the same
 * port while the code under test keeps its URL. The machine's Redis (6379) is never touched.
 */
export interface ThrowawayRedis {
  readonly port: number;
  readonly url: string;
  /** Starts the server (again, empty) and resolves once it answers PING. */
  start(): Promise<void>;
  /** Kills it (SIGKILL: no goodbye to its clients) and resolves once it has exited. */
  kill(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as in a network cut. */
  pause(): void;
  resume(): void;
  /** Kills it if it runs. */
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function answersPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function throwawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const running = () => child !== null && child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    if (!child || !running()) return;
    const exiting = child;
    await new Promise<void>((resolve) => {
      exiting.once('exit', () => resolve());
      exiting.kill('SIGCONT');
      exiting.kill('SIGKILL');
    });
  };
  return {
    port,
    url,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      const deadline = Date.now() + 10_000;
      while (!(await answersPing(url))) {
        if (!running()) throw new Error(`redis-server on ${port} exited (is the port taken?)`);
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer within 10 s`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    kill,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    close: kill,
  };
}
