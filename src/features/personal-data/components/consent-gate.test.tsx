import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveUser } from '../../../lib/user-storage';
import { renderWithProviders } from '../../../test/render';
import messages from '../i18n/vi.json';
import { consentReply, fakeApi } from '../test-api';
import { ConsentGate } from './consent-gate';

const GET = 'GET Users/GetHealthDataConsent';
const GIVE = 'POST Users/GiveHealthDataConsent';

beforeEach(() => saveUser({ userId: 7, token: 'token-7' }));
afterEach(() => vi.unstubAllGlobals());

const renderGate = () =>
  renderWithProviders(
    <ConsentGate>
      <form aria-label="Hồ sơ mới">
        <button type="submit">Lưu hồ sơ</button>
      </form>
    </ConsentGate>,
  );

describe('ConsentGate', { timeout: 30_000 }, () => {
  it('shows the children at once when the user has consented to the current version', async () => {
    fakeApi({ [GET]: { data: consentReply(true) } });
    renderGate();
    expect(await screen.findByRole('button', { name: 'Lưu hồ sơ' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.consent.agree })).toBeNull();
  });

  it('asks first: heading, the text in a labelled region, privacy link; after "I agree", the children', async () => {
    let consented = false;
    const api = fakeApi({
      [GET]: () => ({ data: consentReply(consented) }),
      [GIVE]: () => {
        consented = true;
        return { data: consentReply(true) };
      },
    });
    renderGate();
    expect(await screen.findByRole('heading', { name: messages.consent.title })).toBeTruthy();
    const region = screen.getByRole('region', { name: messages.consent.textLabel });
    expect(region.textContent).toContain('Sống Khỏe xử lý dữ liệu sức khỏe');
    expect(screen.getByRole('link', { name: messages.consent.privacyLink }).getAttribute('href')).toBe(
      '/info/privacy-policy',
    );
    expect(screen.queryByRole('button', { name: 'Lưu hồ sơ' })).toBeNull();
    expect(api.sent[0]!.headers.get('authorization')).toBe('Bearer token-7');

    await userEvent.click(screen.getByRole('button', { name: messages.consent.agree }));
    expect(await screen.findByRole('button', { name: 'Lưu hồ sơ' })).toBeTruthy();
    expect(api.calls(GIVE).map((c) => c.body)).toEqual([{ version: '2026-01' }]);
  });

  it('a changed version: says so, shows the new text, and stays closed', async () => {
    let version = '2026-01';
    fakeApi({
      [GET]: () => ({ data: consentReply(false, version) }),
      [GIVE]: () => {
        version = '2026-02';
        return { status: 409, code: 'consent_version_changed', errors: ['consent_version_changed'] };
      },
    });
    renderGate();
    await userEvent.click(await screen.findByRole('button', { name: messages.consent.agree }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.consent.versionChanged);
    expect(screen.queryByRole('button', { name: 'Lưu hồ sơ' })).toBeNull();
  });

  it('signed out: renders the children (the page guard asks for sign-in) and calls nothing', async () => {
    localStorage.clear();
    const api = fakeApi({});
    renderGate();
    expect(await screen.findByRole('button', { name: 'Lưu hồ sơ' })).toBeTruthy();
    await waitFor(() => expect(api.sent).toEqual([]));
  });
});
