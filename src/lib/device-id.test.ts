// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceId, isUuid } from './device-id';

describe('deviceId', () => {
  beforeEach(() => localStorage.clear());

  it('creates a UUID once and keeps it', () => {
    const first = deviceId();
    expect(isUuid(first)).toBe(true);
    expect(deviceId()).toBe(first);
    expect(localStorage.getItem('device_id')).toBe(first);
  });

  it('replaces a stored value that is not a UUID', () => {
    localStorage.setItem('device_id', 'not-a-uuid');
    const id = deviceId();
    expect(isUuid(id)).toBe(true);
    expect(localStorage.getItem('device_id')).toBe(id);
  });
});
