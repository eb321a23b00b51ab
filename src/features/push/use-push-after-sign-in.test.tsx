import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { usePushAfterSignIn } from './use-push-after-sign-in';

/** Calls the hook's function once, as the sign-in flow does on success. */
function SignedIn() {
  const after = usePushAfterSignIn();
  return (
    <button type="button" onClick={after}>
      done
    </button>
  );
}

const finish = async () => {
  const view = renderWithProviders(<SignedIn />);
  await act(async () => (await view.findByRole('button', { name: 'done' })).click());
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  view.unmount();
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('usePushAfterSignIn', () => {
  it('registers the browser’s push token for the account now signed in', async () => {
    const api = fakeApi({ 'POST Notifications/RegisterPushSubscription': { data: null } });
    vi.stubGlobal('Notification', { permission: 'granted' });
    localStorage.setItem('fcmToken', '{"endpoint":"https://push.example.net/x","keys":{}}');
    await finish();
    await waitFor(() => expect(api.calls('POST', 'Notifications/RegisterPushSubscription')).toHaveLength(1));
    expect(api.sent[0]!.body).toEqual({ token: '{"endpoint":"https://push.example.net/x","keys":{}}' });
  });

  it('sends nothing without a token, or when notifications are no longer allowed', async () => {
    const api = fakeApi({ 'POST Notifications/RegisterPushSubscription': { data: null } });
    vi.stubGlobal('Notification', { permission: 'granted' });
    await finish();
    vi.stubGlobal('Notification', { permission: 'denied' });
    localStorage.setItem('fcmToken', 'browser:APA91b');
    await finish();
    expect(api.sent).toEqual([]);
  });
});
