import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { readUser, isSignedIn } from '../../lib/user-storage';
import type { OpenLogin } from './open-login-context';

/** Why the sign-in dialog is open. */
export interface LoginRequest {
  /** Where to go after signing in (the action that needed an account). */
  next?: string;
  /** A referral link (?invitedby=) opens the create-account view with this referrer. */
  referralId?: number;
}

/**
 * The sign-in dialog's state for the main layout: opened by header actions (optionally with a
 * destination) or by a registration link carrying ?invitedby=<referralId>.
 */
export function useLoginDialog() {
  const [request, setRequest] = useState<LoginRequest | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invitedBy = Number(params.get('invitedby'));

  // A new referral link opens the create-account view (state adjusted during render, not in an effect).
  const [seenInvite, setSeenInvite] = useState(0);
  if (Number.isInteger(invitedBy) && invitedBy > 0 && invitedBy !== seenInvite) {
    setSeenInvite(invitedBy);
    if (!isSignedIn(readUser())) setRequest({ referralId: invitedBy });
  }

  const open: OpenLogin = useCallback((next) => setRequest(next ? { next } : {}), []);
  const close = useCallback(() => setRequest(null), []);
  const next = request?.next;
  const signedIn = useCallback(() => {
    if (next) navigate(next);
  }, [navigate, next]);
  return { request, open, close, signedIn };
}
