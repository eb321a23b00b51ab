import { useEffect, useRef, useState } from 'react';

/** Spec section 9: the call-end reminder comes about a minute before the booked time ends. */
export const END_REMINDER_MS = 60_000;

/** true from a minute before `endsAt` on. */
export function useEndReminder(endsAt: string): boolean {
  const end = new Date(endsAt).getTime();
  const [due, setDue] = useState(() => Date.now() >= end - END_REMINDER_MS);
  useEffect(() => {
    if (due) return;
    const timer = setTimeout(() => setDue(true), Math.max(0, end - END_REMINDER_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [end, due]);
  return due;
}

/**
 * Calls `hangUp` once at `hangUpAt` (a direct call's package duration is over); nothing when null.
 * The latest `hangUp` is used, so the caller may pass a new function on every render.
 */
export function useHangUpAt(hangUpAt: string | null, hangUp: () => void): void {
  const latest = useRef(hangUp);
  useEffect(() => {
    latest.current = hangUp;
  });
  useEffect(() => {
    if (!hangUpAt) return;
    const timer = setTimeout(() => latest.current(), Math.max(0, new Date(hangUpAt).getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [hangUpAt]);
}
