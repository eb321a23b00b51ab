import { CLEAN_TEXT_KEYWORD } from './free-text';

/*
 * The limits of remote-monitoring advice (spec sections 1 and 2) that the server's schemas
 * (schemas/iomt.ts) and the web app's advice forms share. Plain values, no TypeBox: the forms
 * import them without bundling the schema library.
 */

/** Longest advice question and answer (characters, after trimming). */
export const ADVISORY_MESSAGE_MAX = 2000;
export const ADVISORY_ANSWER_MAX = 4000;

/** No control characters but line breaks and tabs (a textarea's text). */
export const NO_CONTROL_CHARACTERS_MULTILINE = '^(?:[\\t\\n\\r]|\\P{Cc})*$';

/**
 * Limits of typed text of several lines: cleaned (NFC, trimmed) first, at least one character left,
 * no control characters. The forms check the same rules (schemas/free-text.ts textFieldProblem).
 */
const typedText = (maxLength: number, message: string) =>
  ({
    minLength: 1,
    maxLength,
    pattern: NO_CONTROL_CHARACTERS_MULTILINE,
    [CLEAN_TEXT_KEYWORD]: true,
    'x-message': message,
  }) as const;
export const ADVISORY_MESSAGE_RULES = typedText(ADVISORY_MESSAGE_MAX, 'advisory_message_required');
export const ADVISORY_ANSWER_RULES = typedText(ADVISORY_ANSWER_MAX, 'advisory_answer_required');
