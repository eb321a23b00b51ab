/**
 * Remote health monitoring's public API: the doctors' advice inbox, shown in the care workspace.
 * Its page (/service-packages) loads lazily from the route table.
 */
export { AdvisoryInbox } from './components/advisory-inbox';
export { iomtApi } from './api';
