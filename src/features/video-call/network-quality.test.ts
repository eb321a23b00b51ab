import { describe, expect, it } from 'vitest';
import { qualityOf } from './network-quality';

describe('network quality', () => {
  const base = { packetsLost: 0, packetsReceived: 1000, roundTripTime: 0.05 };
  it('is unknown until two samples exist, good on a clean fast path', () => {
    expect(qualityOf(null, base)).toBe('unknown');
    expect(qualityOf(base, { ...base, packetsReceived: 1500 })).toBe('good');
  });
  it('is fair with a few percent loss or a slow round trip, poor with heavy loss or nothing received', () => {
    expect(qualityOf(base, { packetsLost: 15, packetsReceived: 1485, roundTripTime: 0.05 })).toBe('fair');
    expect(qualityOf(base, { ...base, packetsReceived: 1500, roundTripTime: 0.4 })).toBe('fair');
    expect(qualityOf(base, { packetsLost: 100, packetsReceived: 1400, roundTripTime: 0.05 })).toBe('poor');
    expect(qualityOf(base, base)).toBe('poor');
  });
});
