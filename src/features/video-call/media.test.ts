import { describe, expect, it } from 'vitest';
import { mediaProblemOf } from './media';

describe('media problems', () => {
  it("maps the browser's errors to the spec's hardware and permission messages", () => {
    const err = (name: string) => Object.assign(new Error(name), { name });
    expect(mediaProblemOf(err('NotAllowedError'))).toBe('permission_denied');
    expect(mediaProblemOf(err('NotFoundError'))).toBe('no_device');
    expect(mediaProblemOf(err('NotReadableError'))).toBe('device_busy');
    expect(mediaProblemOf(err('TypeError'))).toBe('device_permission_error');
    expect(mediaProblemOf(null)).toBe('device_permission_error');
  });
});
