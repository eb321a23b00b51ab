import autocannon from 'autocannon';

export interface LatencyResult {
  name: string;
  requests: number;
  errors: number;
  non2xx: number;
  rps: number;
  p50: number;
  p99: number;
}

/**
 * Load on one URL with autocannon (bounded by duration, loopback only): median and p99 latency
 * in milliseconds as seen by the client.
 */
export async function measureLatency(
  name: string,
  url: string,
  options: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    body?: string;
    /** Several requests instead of one: each connection cycles through them in order. */
    requests?: { method: 'GET' | 'POST'; path: string; body?: string }[];
  },
): Promise<LatencyResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    method: options.method ?? 'GET',
    body: options.body,
    ...(options.requests && { requests: options.requests }),
  });
  return {
    name,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}
