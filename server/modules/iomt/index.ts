/**
 * Remote health monitoring (IoMT, spec sections 1, 2, 7 and 8): the packages a patient holds, their
 * doctors, whether a direct call can be made, and advice asked of the package's doctors and
 * answered in the care workspace. The packages on sale are the catalogue's; the call itself is the
 * direct-calls module's; buying is the purchases contract. Nothing else in this folder may be
 * imported from outside it.
 */
export { iomtRoutes, type IomtRoutesOptions } from './routes';
export { iomtCareRoutes } from './care-routes';
export { iomtAdviceSection } from './section';
