import { describe, expect, it } from 'vitest';
import type { DoctorCard } from '../../../schemas/catalogue';
import { cardExpiry } from './page-cards';

describe('card cache expiry', () => {
  const card = (nextAvailableSlot: string | null) => ({ card: { nextAvailableSlot } as DoctorCard });

  it('ends a card when its next free slot passes, the one change no write announces', () => {
    expect(cardExpiry(card('2026-12-01T01:30:00.000Z'))).toBe(Date.UTC(2026, 11, 1, 1, 30));
  });

  it('leaves a card without a free slot, or a doctor no longer listed, to the TTL', () => {
    expect(cardExpiry(card(null))).toBeUndefined();
    expect(cardExpiry({ card: undefined })).toBeUndefined();
  });
});
