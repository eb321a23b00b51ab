import { createContext, useContext } from 'react';

/**
 * Opens the sign-in dialog; provided by the main layout, used by the header and nav actions.
 * `next` is where an action was going (direct call, my appointments): the visitor lands there
 * after signing in.
 */
export type OpenLogin = (next?: string) => void;

export const OpenLoginContext = createContext<OpenLogin>(() => undefined);

export const useOpenLogin = () => useContext(OpenLoginContext);
