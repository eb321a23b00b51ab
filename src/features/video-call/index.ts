/** The video call feature's public API: the call screen's path for "Join" links. */
export { videoCallPath } from './links';
