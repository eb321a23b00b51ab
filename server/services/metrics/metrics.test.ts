import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, PASSWORD } from '../../modules/accounts/test-support';
import { metricsText, startMetricsServer } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The value of one sample line of the metrics text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics', () => {
  it('count requests by route template and status class, and time them', async () => {
    const before = (await metricsText(false)).text;
    const route = '/api/v1/Doctors/GetDoctorFeedbacks';
    const count = (text: string, statusClass: string) =>
      sample(text, 'http_requests_total', { method: 'GET', route, status_class: statusClass }) ?? 0;
    for (const id of [1, 2, 999999])
      await caller(t.app, 'songkhoe').get(`Doctors/GetDoctorFeedbacks?doctorId=${id}`);
    const after = (await metricsText(false)).text;
    // Three requests of one route template (the id is not a label), whatever their answers.
    const total = (text: string) => ['2xx', '4xx', '5xx'].reduce((sum, c) => sum + count(text, c), 0);
    expect(total(after) - total(before)).toBe(3);
    expect(after).toContain(`http_request_duration_seconds_bucket{le="0.05",method="GET",route="${route}"}`);
    expect(after).not.toMatch(/route="[^"]*999999/);
  });

  it('count bookings by tenant and outcome', async () => {
    await createUser(t.db, 'songkhoe', { email: 'metrics@example.com' });
    const api = caller(t.app, 'songkhoe');
    const token = (
      await api.post('Auth/Login', { userName: 'metrics@example.com', password: PASSWORD, deviceType: 0 })
    ).json.data.token as string;
    const refused = async () =>
      sample((await metricsText(false)).text, 'bookings_total', { tenant: 'songkhoe', outcome: 'refused' }) ??
      0;
    const before = await refused();
    const reply = await api.post(
      'Appointments/MakeAppointment',
      { doctorId: 999999, slotId: 999999, serviceTypeId: 0, patientId: 1, symptomIds: [1], paymentMethod: 0 },
      { token },
    );
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect((await refused()) - before).toBe(1);
  });

  it('report the database pool on PostgreSQL and never on the public port', async () => {
    const text = (await metricsText(false)).text;
    if (t.db.kind === 'postgres')
      expect(sample(text, 'db_pool_connections', { pool: 'primary', state: 'total' })).toBeGreaterThan(0);
    else expect(text).not.toContain('db_pool_connections{');
    const publicPort = await t.app.inject({ method: 'GET', url: '/metrics', headers: { host: 'localhost' } });
    expect(publicPort.body).not.toContain('http_requests_total');
  });

  it('serve /metrics on their own port, and nothing else there', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const server = await startMetricsServer({
      host: '127.0.0.1',
      port,
      cluster: false,
      log: { warn: () => undefined },
    });
    try {
      const reply = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toContain('text/plain');
      expect(await reply.text()).toContain('# TYPE http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      // A second server on the same port is refused without stopping anything.
      expect(
        await startMetricsServer({ host: '127.0.0.1', port, cluster: false, log: { warn: () => undefined } }),
      ).toBeNull();
    } finally {
      server?.close();
    }
  });
});
