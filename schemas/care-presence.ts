/*
 * The direct-call presence lease of the care workspace (spec section 6), shared by the server
 * and the workspace page. Plain values, no TypeBox: the page imports them without bundling the
 * schema library.
 */

/** Seconds an 'online' heartbeat keeps a doctor available for direct calls. */
export const PRESENCE_TTL_SECONDS = 60;
/** How often the workspace repeats the heartbeat (well inside the TTL). */
export const PRESENCE_HEARTBEAT_SECONDS = 20;
