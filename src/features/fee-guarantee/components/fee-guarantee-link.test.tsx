import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bootBundle } from '../../../test/boot-bundle';
import { renderWithProviders } from '../../../test/render';
import { FeeGuaranteeLink } from './fee-guarantee-link';

configure({ asyncUtilTimeout: 5000 });

describe('link from an appointment to its fee guarantee', () => {
  it('shows for payment method 3 and goes to the request form of that appointment', async () => {
    renderWithProviders(<FeeGuaranteeLink appointmentId={41} paymentMethod={3} />);
    const link = await screen.findByRole('link', { name: 'Yêu cầu bảo lãnh viện phí' });
    expect(link.getAttribute('href')).toBe('/me/fee-guarantee/new?appointmentId=41');
  });

  it('shows nothing for another payment method, or when the tenant has the feature off', async () => {
    const other = renderWithProviders(
      <>
        <FeeGuaranteeLink appointmentId={41} paymentMethod={0} />
        <span>ready</span>
      </>,
    );
    await screen.findByText('ready');
    expect(screen.queryByRole('link')).toBeNull();
    other.unmount();
    renderWithProviders(
      <>
        <FeeGuaranteeLink appointmentId={41} paymentMethod={3} />
        <span>ready</span>
      </>,
      { bundle: bootBundle({}, ['hospitalFeeGuarantee']) },
    );
    await screen.findByText('ready');
    // Give the namespace time to load: still nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('link')).toBeNull();
  });
});
