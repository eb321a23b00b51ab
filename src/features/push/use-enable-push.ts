import { useCallback } from 'react';
import { useLazyPushConfigQuery, useRegisterPushSubscriptionMutation } from './api';
import { keepPushToken } from './push-token';

/**
 * Once notifications are allowed: subscribe this browser and register the subscription for the
 * signed-in user on this device. Answers whether pushes will now reach it; false (never a throw)
 * when the tenant has no push or the browser's push service cannot be reached: the in-app list
 * and the other channels still carry every message. The subscribing code is its own chunk.
 */
export function useEnablePush(): () => Promise<boolean> {
  const [loadConfig] = useLazyPushConfigQuery();
  const [register] = useRegisterPushSubscriptionMutation();
  return useCallback(async () => {
    try {
      const config = await loadConfig(undefined, true).unwrap();
      if (config.provider === 'none') return false;
      const { subscribeThisBrowser } = await import('./subscribe');
      const token = await subscribeThisBrowser(config);
      if (!token) return false;
      keepPushToken(token);
      await register(token).unwrap();
      return true;
    } catch (error) {
      console.warn('push: this browser could not subscribe', error);
      return false;
    }
  }, [loadConfig, register]);
}
