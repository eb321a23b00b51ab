import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bootBundle } from '../../../test/boot-bundle';
import { renderWithProviders } from '../../../test/render';
import { NextSlot } from './doctor-facts';

describe('NextSlot', () => {
  it("shows the slot on the hospital's clock whatever the browser's zone, as the server renders it", () => {
    renderWithProviders(<NextSlot slot="2026-11-27T01:30:00.000Z" />);
    expect(screen.getByText('27/11/2026 08:30').tagName).toBe('TIME');
    // The offset is always written, so nothing appears (and moves the page) after hydration.
    expect(screen.getByText('27/11/2026 08:30').parentElement!.textContent).toMatch(/08:30 \(GMT\+7\)$/);
  });

  it("follows the tenant's time zone setting", () => {
    const bundle = bootBundle();
    renderWithProviders(<NextSlot slot="2026-11-27T01:30:00.000Z" />, {
      bundle: { ...bundle, booking: { ...bundle.booking!, timeZone: 'Europe/Paris' } },
    });
    expect(screen.getByText('27/11/2026 02:30').parentElement!.textContent).toMatch(/02:30 \(GMT\+1\)$/);
  });
});
