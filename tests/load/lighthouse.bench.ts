import type { BenchSection } from './bench-module';
import { measurePaintWeight } from './first-paint-bytes';
import { measureWebVitals } from './web-vitals';

/**
 * Mobile lab figures of the discovery pages (issue 4). The `lighthouse` package is not installed,
 * so this measures what Lighthouse's mobile performance score is made of — FCP, LCP, CLS and TBT
 * under a 4x CPU slowdown on a 360 px viewport — with Playwright and PerformanceObserver, plus
 * the gzipped JS finished before first paint. Running Lighthouse itself would need the
 * `lighthouse` npm package (and chrome-launcher) pointed at the same Chromium.
 */
export const section: BenchSection = {
  title: 'Web vitals (mobile, 4x CPU): home, doctor list, doctor detail, join page',
  async run({ server, print }) {
    const reply = await fetch(`${server.url}/api/v1/Doctors/FilterDoctors`, {
      method: 'POST',
      headers: { companycode: 'songkhoe', 'content-type': 'application/json' },
      body: JSON.stringify({ pageSize: 1 }),
    }).then((r) => r.json() as Promise<{ data?: { doctors?: { doctorId: number }[] } }>);
    const doctorId = reply.data?.doctors?.[0]?.doctorId ?? 1;
    const routes = ['/', '/doctor-list', `/doctor-details/${doctorId}`, '/join-as-doctor'];
    for (const vitals of await measureWebVitals(server.url, routes)) {
      print(
        `${vitals.route.padEnd(22)} FCP ${vitals.fcpMs} ms  LCP ${vitals.lcpMs} ms  CLS ${vitals.cls}  TBT ${vitals.tbtMs} ms`,
      );
    }
    for (const weight of await measurePaintWeight(server.url, ['/', '/join-as-doctor'])) {
      print(
        `${weight.route.padEnd(22)} JS before first paint ${weight.jsGzipKb} KB gzip, CSS ${weight.cssGzipKb} KB`,
      );
    }
  },
};
