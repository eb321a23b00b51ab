import type { Sql } from '../../db/database';

/** A device as the sign-in flow sees it. */
export interface DeviceInfo {
  deviceKey: string;
  deviceType: number;
  userAgent: string;
  ip: string;
}

/** Whether this account has already trusted this device key. An empty key is never trusted. */
export async function isTrustedDevice(sql: Sql, userId: number, deviceKey: string): Promise<boolean> {
  if (!deviceKey) return false;
  const { rows } = await sql.query<{ trusted: boolean }>(
    'SELECT trusted FROM login_devices WHERE user_id = $1 AND device_key = $2',
    [userId, deviceKey],
  );
  return rows[0]?.trusted === true;
}

/**
 * Records a sign-in from a device (creating it on first use) and returns its row id and whether
 * it is new. `trust` marks it trusted; trust is never removed here (only by LogoutReliableDevice).
 */
export async function touchDevice(
  sql: Sql,
  userId: number,
  device: DeviceInfo,
  trust: boolean,
  now: Date,
): Promise<{ deviceId: number; isNew: boolean }> {
  const { rows } = await sql.query<{ device_id: number; created_at: Date }>(
    `INSERT INTO login_devices (user_id, device_key, device_type, user_agent, ip, trusted, created_at, last_used_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (tenant_id, user_id, device_key) DO UPDATE
       SET device_type = EXCLUDED.device_type, user_agent = EXCLUDED.user_agent, ip = EXCLUDED.ip,
           trusted = login_devices.trusted OR EXCLUDED.trusted, last_used_at = EXCLUDED.last_used_at
     RETURNING device_id, created_at`,
    [userId, device.deviceKey, device.deviceType, device.userAgent.slice(0, 300), device.ip, trust, now],
  );
  return {
    deviceId: Number(rows[0]!.device_id),
    isNew: new Date(rows[0]!.created_at).getTime() === now.getTime(),
  };
}
