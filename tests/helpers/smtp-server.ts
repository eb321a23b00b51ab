import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps every accepted message, parsed. */
export interface TestSmtpServer {
  url: string;
  messages: ParsedMail[];
  /** Raw source of each accepted message (DKIM-Signature and other headers as sent). */
  raw: string[];
  /**
   * Runs before the server answers DATA: a test may stall the answer (a process killed mid-send
   * never hears it, and the message is then not accepted: no 250, no delivery).
   */
  beforeAccept: ((source: string) => Promise<'accept' | 'drop'>) | null;
  close(): Promise<void>;
}

/** @param options.parse parse each message (default); off, only `raw` fills (the bench: less CPU). */
export async function startSmtpServer(options: { parse?: boolean } = {}): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    messages: [],
    raw: [],
    beforeAccept: null,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const source = Buffer.concat(chunks).toString('utf8');
        void (async () => {
          const verdict = state.beforeAccept ? await state.beforeAccept(source) : 'accept';
          if (verdict === 'drop') return callback(new Error('dropped'));
          state.raw.push(source);
          if (options.parse !== false) state.messages.push(await simpleParser(source));
          callback();
        })();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
