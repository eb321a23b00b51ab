/** The catalogue module's public face for other modules. */
export { enabledFeatures } from './features';
