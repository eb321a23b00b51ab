import { tenantHeaders, type TestApp } from './test-app';

/** The hidden fields of the sandbox bank's form (what the page posts back, signed). */
export function sandboxFormOf(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1]!] = m[2]!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  return fields;
}

/**
 * Goes to a paymentUrl of the sandbox bank and presses approve or decline, as a browser does: the
 * bank's signed IPN runs through the real IPN code. Returns where the bank sent the browser (the
 * signed return URL) and the bank page's fields (to replay the same answer).
 */
export async function payAtSandbox(
  t: Pick<TestApp, 'app'>,
  tenant: string,
  paymentUrl: string,
  action: 'approve' | 'decline',
): Promise<{ status: number; location: string; fields: Record<string, string> }> {
  const url = new URL(paymentUrl, 'http://x');
  const page = await t.app.inject({ url: url.pathname + url.search, headers: tenantHeaders(tenant) });
  if (page.statusCode !== 200) throw new Error(`sandbox bank page: ${page.statusCode}`);
  const fields = sandboxFormOf(page.body);
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/v1/Payments/SandboxPay',
    headers: tenantHeaders(tenant, { 'content-type': 'application/x-www-form-urlencoded' }),
    payload: new URLSearchParams({ ...fields, action }).toString(),
  });
  return { status: reply.statusCode, location: String(reply.headers.location ?? ''), fields };
}
