/** The catalogue module's public face for other modules: the tenant's switched-on features. */
export { enabledFeatures } from './features';
