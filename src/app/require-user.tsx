import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useStoredUser } from '../lib/use-stored-user';
import { isSignedIn } from '../lib/user-storage';

/**
 * The route guard of spec section 4: protected pages need a stored user with userId and token,
 * else the visitor goes to /. It re-checks on load, on every navigation (useLocation re-renders
 * it and the stored user is read again) and whenever the stored user changes, e.g. sign-out in
 * another tab or an ended session.
 */
export function RequireUser() {
  useLocation();
  const user = useStoredUser();
  return isSignedIn(user) ? <Outlet /> : <Navigate to="/" replace />;
}
