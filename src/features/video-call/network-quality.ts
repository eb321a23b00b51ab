/** What the call screen says of the connection. */
export type NetworkQuality = 'good' | 'fair' | 'poor' | 'unknown';

export interface QualitySample {
  /** Seconds, of the active candidate pair. */
  roundTripTime?: number | undefined;
  packetsLost: number;
  packetsReceived: number;
}

/**
 * Quality from the change between two samples: loss over the interval and the round trip.
 * Thresholds follow common VoIP guidance (under 2 % loss and 300 ms is fine for a consultation).
 */
export function qualityOf(previous: QualitySample | null, now: QualitySample): NetworkQuality {
  if (!previous) return 'unknown';
  const lost = Math.max(0, now.packetsLost - previous.packetsLost);
  const received = Math.max(0, now.packetsReceived - previous.packetsReceived);
  const loss = lost + received > 0 ? lost / (lost + received) : 0;
  const rtt = now.roundTripTime ?? 0;
  if (received === 0 || loss > 0.1 || rtt > 0.8) return 'poor';
  if (loss > 0.02 || rtt > 0.3) return 'fair';
  return 'good';
}

/** The figures qualityOf needs, read from a connection's statistics. */
export async function sampleOf(pc: RTCPeerConnection): Promise<QualitySample & { bytesReceived: number }> {
  const stats = await pc.getStats();
  const sample = {
    roundTripTime: undefined as number | undefined,
    packetsLost: 0,
    packetsReceived: 0,
    bytesReceived: 0,
  };
  stats.forEach((report: { type: string; [key: string]: unknown }) => {
    if (
      report.type === 'candidate-pair' &&
      report.nominated &&
      typeof report.currentRoundTripTime === 'number'
    )
      sample.roundTripTime = report.currentRoundTripTime;
    if (report.type === 'inbound-rtp') {
      sample.packetsLost += Number(report.packetsLost ?? 0);
      sample.packetsReceived += Number(report.packetsReceived ?? 0);
      sample.bytesReceived += Number(report.bytesReceived ?? 0);
    }
  });
  return sample;
}
