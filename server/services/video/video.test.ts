import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { TenantConfig } from '../../../schemas/tenant.schema';
import { validateConfig } from '../../tenancy/validate';
import { createVideoService, GRACE_MINUTES, newSessionName } from './index';

/** songhong's tenant.json with another `video` block. */
function tenantWith(video: unknown): TenantConfig {
  const raw = JSON.parse(readFileSync('tenants/songhong/tenant.json', 'utf8'));
  return validateConfig<TenantConfig>(TenantConfig, { ...raw, video }, 'test');
}

const now = new Date('2026-11-26T03:00:00Z');
const callEndsAt = new Date('2026-11-26T03:30:00Z');

describe('video service', () => {
  it('signs a Zoom Video SDK JWT that verifies with the secret and carries the documented claims', async () => {
    const tenant = tenantWith({
      provider: 'zoom',
      zoom: { sdkKeyEnv: 'ZOOM_KEY', sdkSecretEnv: 'ZOOM_SECRET' },
    });
    const env = { ZOOM_KEY: 'key-123', ZOOM_SECRET: 'a-secret-of-enough-length-0123456789' };
    const video = createVideoService([tenant], env);
    expect(video.problems).toEqual([]);
    const sessionName = newSessionName();
    for (const [role, roleType] of [
      ['doctor', 1],
      ['patient', 0],
    ] as const) {
      const join = await video.join({ tenant, sessionName, role, userId: 42, now, callEndsAt });
      if (join.provider !== 'zoom') throw new Error('expected zoom');
      const { payload, protectedHeader } = await jwtVerify(
        join.token,
        new TextEncoder().encode(env.ZOOM_SECRET),
        { currentDate: now, algorithms: ['HS256'] },
      );
      expect(protectedHeader.alg).toBe('HS256');
      expect(payload).toMatchObject({
        app_key: 'key-123',
        tpc: sessionName,
        role_type: roleType,
        version: 1,
        user_identity: 'songhong-42',
        iat: now.getTime() / 1000,
      });
      // Valid no longer than the booked end plus the grace.
      expect(payload.exp).toBe(callEndsAt.getTime() / 1000 + GRACE_MINUTES * 60);
      await expect(
        jwtVerify(join.token, new TextEncoder().encode('another secret'), { currentDate: now }),
      ).rejects.toThrow();
    }
  });

  it('names the missing Zoom credentials instead of signing with an empty secret', async () => {
    const tenant = tenantWith({
      provider: 'zoom',
      zoom: { sdkKeyEnv: 'ZOOM_KEY', sdkSecretEnv: 'ZOOM_SECRET' },
    });
    const video = createVideoService([tenant], { ZOOM_KEY: 'k' });
    expect(video.problems).toEqual([
      'tenant songhong: video.provider is zoom but its credentials are missing: ZOOM_SECRET (or ZOOM_SECRET_FILE) is not set',
    ]);
    await expect(
      video.join({ tenant, sessionName: 's', role: 'patient', userId: 1, now, callEndsAt }),
    ).rejects.toThrow('ZOOM_SECRET');
  });

  it('hands WebRTC browsers STUN and short-lived TURN credentials by the TURN REST API convention', async () => {
    const tenant = tenantWith({
      provider: 'webrtc',
      webrtc: {
        stunUrls: ['stun:turn.example.vn:3478'],
        turnUrls: ['turn:turn.example.vn:3478?transport=udp'],
        turnSecretEnv: 'TURN_SECRET',
        credentialTtlSeconds: 600,
      },
    });
    const video = createVideoService([tenant], { TURN_SECRET: 'shared' });
    const join = await video.join({ tenant, sessionName: 's', role: 'patient', userId: 7, now, callEndsAt });
    if (join.provider !== 'webrtc') throw new Error('expected webrtc');
    const [stun, turn] = join.iceServers;
    expect(stun).toEqual({ urls: ['stun:turn.example.vn:3478'] });
    const expiry = now.getTime() / 1000 + 600;
    expect(turn!.username).toBe(`${expiry}:songhong-7`);
    expect(turn!.credential).toBe(
      createHmac('sha1', 'shared').update(`${expiry}:songhong-7`).digest('base64'),
    );
  });

  it("uses the deployment's TURN server (TURN_URLS, TURN_SECRET) for tenants that name none", async () => {
    const tenant = tenantWith(undefined);
    const video = createVideoService([tenant], {
      TURN_URLS: 'turn:127.0.0.1:3478, turns:turn.example.vn:5349',
      TURN_SECRET: 's',
    });
    const join = await video.join({ tenant, sessionName: 's', role: 'doctor', userId: 3, now, callEndsAt });
    if (join.provider !== 'webrtc') throw new Error('expected webrtc');
    expect(join.iceServers).toEqual([
      {
        urls: ['turn:127.0.0.1:3478', 'turns:turn.example.vn:5349'],
        username: `${now.getTime() / 1000 + 3600}:songhong-3`,
        credential: createHmac('sha1', 's')
          .update(`${now.getTime() / 1000 + 3600}:songhong-3`)
          .digest('base64'),
      },
    ]);
  });

  it('the default needs nothing: WebRTC with no ICE servers (one network), and says when TURN lacks its secret', () => {
    const plain = tenantWith(undefined);
    expect(plain.video.provider).toBe('webrtc');
    expect(createVideoService([plain], {}).problems).toEqual([]);
    const noSecret = tenantWith({ webrtc: { turnUrls: ['turn:x:3478'], turnSecretEnv: 'TURN_SECRET' } });
    expect(createVideoService([noSecret], {}).problems[0]).toContain('TURN_SECRET is not');
  });
});
