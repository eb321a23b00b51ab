import type { AppDispatch } from '../../../app/store';

/** Requests a home section's data before the home page renders (see Prefetch in route-entry.ts). */
export type SectionPrefetch = (dispatch: AppDispatch) => void;
