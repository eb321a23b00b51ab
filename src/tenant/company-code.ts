const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The company code a host name names: its first label (`songhong.localhost` → `songhong`,
 * `songhong.example.vn` → `songhong`). Empty for `localhost` and IP addresses, where the server
 * picks the default tenant; custom domains are resolved by the server from the Host header.
 */
export function companyCodeFromHost(hostname: string): string {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  // IPv6 literals contain colons (URL.hostname keeps their brackets).
  if (!host || host === 'localhost' || host.includes(':') || IPV4.test(host)) return '';
  return host.split('.')[0]!;
}
