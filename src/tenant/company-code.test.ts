import { describe, expect, it } from 'vitest';
import { companyCodeFromHost } from './company-code';

describe('companyCodeFromHost', () => {
  it('takes the first label of the host name', () => {
    expect(companyCodeFromHost('songhong.localhost')).toBe('songhong');
    expect(companyCodeFromHost('saomai.songkhoe.vn')).toBe('saomai');
    expect(companyCodeFromHost('SongHong.Example.VN.')).toBe('songhong');
  });

  it('is empty on localhost and IP addresses', () => {
    expect(companyCodeFromHost('localhost')).toBe('');
    expect(companyCodeFromHost('127.0.0.1')).toBe('');
    expect(companyCodeFromHost('192.168.1.20')).toBe('');
    expect(companyCodeFromHost('[::1]')).toBe('');
    expect(companyCodeFromHost('::1')).toBe('');
    expect(companyCodeFromHost('[2001:db8::1]')).toBe('');
  });

  it('keeps a single-label name and is empty for no name', () => {
    expect(companyCodeFromHost('saomai')).toBe('saomai');
    expect(companyCodeFromHost('')).toBe('');
  });
});
