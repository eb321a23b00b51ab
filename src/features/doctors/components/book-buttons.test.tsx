import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { OpenLoginContext } from '../../../app/layout/open-login-context';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { renderWithProviders } from '../../../test/render';
import { BookButtons } from './book-buttons';

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

const renderButtons = (openLogin = vi.fn()) =>
  renderWithProviders(
    <OpenLoginContext.Provider value={openLogin}>
      <BookButtons doctorId={7} serviceTypes={[1]} doctorName="Nguyễn Văn An" />
      <Location />
    </OpenLoginContext.Provider>,
  );

const bookButton = () => screen.getByRole('button', { name: /Nguyễn Văn An/ });

describe('BookButtons', () => {
  it('asks a visitor to sign in, landing on the booking flow afterwards', async () => {
    const openLogin = vi.fn();
    renderButtons(openLogin);
    await userEvent.click(bookButton());
    expect(openLogin).toHaveBeenCalledWith('/book-appointment?doctorId=7&serviceType=1');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('opens the booking flow for a user whose sign-in the render has not seen yet (a page hydrating from the server)', async () => {
    const openLogin = vi.fn();
    renderButtons(openLogin);
    // Stored without notifying subscribers: the buttons were rendered for a visitor, as during
    // hydration, when useStoredUser still gives the server's snapshot.
    storage.set(STORAGE_KEYS.user, JSON.stringify({ userId: 1, token: 't' }));
    await userEvent.click(bookButton());
    expect(openLogin).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/book-appointment?doctorId=7&serviceType=1');
  });
});
