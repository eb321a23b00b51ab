import { performance } from 'node:perf_hooks';
import { ARGON2_OPTIONS, hashSecret, verifySecret } from '../../server/modules/accounts/crypto';
import type { BenchSection } from './bench-module';
import { measureLatency } from './http-latency';

const DEVICE = '0b0b0b0b-0000-4000-8000-000000000001';

/**
 * Sign-in throughput: autocannon POSTs Auth/Login with the demo account of songkhoe (password
 * Demo@123, one device, so every request is a full success: argon2id verify, device, refresh
 * token, access token). Also reports the argon2id cost and one verify's time in this process.
 */
export const section: BenchSection = {
  title: 'Sign-in (Auth/Login, argon2id)',
  async run({ server, connections, seconds, print }) {
    const hash = await hashSecret('Demo@123');
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      await verifySecret(hash, 'Demo@123');
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    print(
      `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB t=${ARGON2_OPTIONS.timeCost} p=${ARGON2_OPTIONS.parallelism}: ` +
        `one verify median ${times[10]!.toFixed(1)} ms, max ${times[19]!.toFixed(1)} ms (budget 100 ms)`,
    );
    const headers = {
      'content-type': 'application/json',
      companycode: 'songkhoe',
      unique: DEVICE,
      'x-accept-language': 'vi',
    };
    const body = JSON.stringify({ userName: 'demo@songkhoe.example', password: 'Demo@123', deviceType: 0 });
    // One sign-in first: the device becomes the demo account's first (trusted) device.
    const first = await fetch(`${server.url}/api/v1/Auth/Login`, { method: 'POST', headers, body }).then(
      (r) => r.json(),
    );
    if (!first?.data?.token)
      throw new Error(`login bench: demo sign-in failed: ${JSON.stringify(first).slice(0, 200)}`);
    const conns = Math.min(connections, 8);
    const result = await measureLatency('POST /Auth/Login', `${server.url}/api/v1/Auth/Login`, {
      connections: conns,
      seconds,
      method: 'POST',
      headers,
      body,
    });
    print(
      `POST /Auth/Login, ${conns} connections, ${seconds} s: ${result.rps} req/s, median ${result.p50} ms, ` +
        `p99 ${result.p99} ms, ${result.requests} requests, ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
  },
};
