import { useEffect } from 'react';
import { PRESENCE_HEARTBEAT_SECONDS } from '../../../schemas/care-presence';
import { usePresenceQuery, useSetPresenceMutation } from './api';

/**
 * The doctor's direct-call availability: the server's answer, and while it is 'online' a
 * heartbeat every PRESENCE_HEARTBEAT_SECONDS that renews the lease. When the page closes (or the
 * computer sleeps) the heartbeats stop and the server lapses it to away by itself.
 */
export function usePresence(enabled: boolean) {
  const presence = usePresenceQuery(undefined, { skip: !enabled });
  const [setPresence, state] = useSetPresenceMutation();
  const current = state.data?.data ?? presence.data ?? null;
  const online = current?.status === 'online';
  useEffect(() => {
    if (!enabled || !online) return;
    const timer = setInterval(() => void setPresence('online'), PRESENCE_HEARTBEAT_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [enabled, online, setPresence]);
  return { online, loading: presence.isLoading, set: (status: 'online' | 'away') => setPresence(status) };
}
