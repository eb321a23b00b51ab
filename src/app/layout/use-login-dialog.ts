import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../schemas/paths';
import { readUser, isSignedIn } from '../../lib/user-storage';
import type { OpenLogin } from './open-login-context';

/** Why the sign-in dialog is open. */
export interface LoginRequest {
  /** Where to go after signing in (the action that needed an account). */
  next?: string;
  /** A referral link (?invitedby=) opens the create-account view with this referrer. */
  referralId?: number | string;
}

/**
 * The referrer a link names (?invitedby=): the spec's number (a user id) or a referral code
 * (schemas/promotions.ts); anything else is ignored.
 */
export function referrerOf(value: string | null): number | string | null {
  const text = value?.trim() ?? '';
  if (/^[1-9]\d{0,8}$/.test(text)) return Number(text);
  if (/^[A-Za-z0-9]{6,12}$/.test(text)) return text.toUpperCase();
  return null;
}

/**
 * The sign-in dialog's state for the main layout: opened by header actions (optionally with a
 * destination) or by a registration link carrying ?invitedby=<referralId>. After a sign-up without
 * a destination the new patient lands on profile settings (its "complete your profile" card).
 */
export function useLoginDialog() {
  const [request, setRequest] = useState<LoginRequest | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invitedBy = referrerOf(params.get('invitedby'));

  // A new referral link opens the create-account view (state adjusted during render, not in an effect).
  const [seenInvite, setSeenInvite] = useState<number | string>(0);
  if (invitedBy !== null && invitedBy !== seenInvite) {
    setSeenInvite(invitedBy);
    if (!isSignedIn(readUser())) setRequest({ referralId: invitedBy });
  }

  const open: OpenLogin = useCallback((next) => setRequest(next ? { next } : {}), []);
  const close = useCallback(() => setRequest(null), []);
  const next = request?.next;
  // Where the visitor was going wins (the booking flow completes the patient in place); a new
  // account with nowhere to go lands on its profile, invited to add what booking needs.
  const signedIn = useCallback(
    (how: { newAccount?: boolean } = {}) => {
      if (next) navigate(next);
      else if (how.newAccount) navigate(paths.profileSettings);
    },
    [navigate, next],
  );
  return { request, open, close, signedIn };
}
