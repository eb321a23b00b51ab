import { createContext, useContext } from 'react';
import { useNavigate } from 'react-router-dom';
import { isSignedIn, readUser } from '../../lib/user-storage';

/**
 * Opens the sign-in dialog; provided by the main layout, used by the header and nav actions.
 * `next` is where an action was going (direct call, my appointments): the visitor lands there
 * after signing in.
 */
export type OpenLogin = (next?: string) => void;

export const OpenLoginContext = createContext<OpenLogin>(() => undefined);

export const useOpenLogin = () => useContext(OpenLoginContext);

/**
 * Goes to `url` when signed in, else opens the sign-in dialog that lands there. The stored user is
 * read at the click, not taken from the render: a server-rendered page hydrates as a visitor first
 * (useStoredUser's server snapshot) and a click in that moment must not ask a signed-in user to
 * sign in.
 */
export function useGoSignedIn(): (url: string) => void {
  const navigate = useNavigate();
  const openLogin = useOpenLogin();
  return (url) => {
    if (isSignedIn(readUser())) void navigate(url);
    else openLogin(url);
  };
}
