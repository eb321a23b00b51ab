/** The care workspace (doctors and hospital staff): its pages load lazily from the route table. */
export { careApi } from './api';
