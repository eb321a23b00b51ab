/*
 * Insurance values (spec section 5) that the server's schemas (schemas/insurance.ts) and the web
 * app's insurance forms share. Plain values, no TypeBox: the forms import them without bundling
 * the schema library.
 */

export const CLAIM_STATUSES = ['submitted', 'in_review', 'approved', 'rejected', 'paid'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_FILE_KINDS = ['id_front', 'id_back', 'document'] as const;
export type ClaimFileKind = (typeof CLAIM_FILE_KINDS)[number];
/** Claim documents per claim (spec section 5: at most 5 files). */
export const MAX_CLAIM_DOCUMENTS = 5;

/** Card numbers: letters and digits (BHYT 15 or 10 characters, BHXH 10 digits; kept lenient). */
export const CARD_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 .-]{3,28}[A-Za-z0-9]$/;
