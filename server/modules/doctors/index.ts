/**
 * The doctors module's public face: the doctor card (the search module lists cards), one doctor
 * (server/modules/seo describes the doctor's page), the approved-doctor guard (the schedule's
 * free slots) and the next free slot as SQL.
 */
export { cardColumns, findDoctor, NEXT_FREE_SLOT, toCard, type DoctorRow } from './doctor-repository';
export { approvedDoctorRun } from './approved-doctor';
