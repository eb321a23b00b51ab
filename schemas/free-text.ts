/**
 * Short free text a person types into a form field (booking's "Khác (mô tả)" symptom): one
 * cleaning and one reading of the field's limits for both sides. The server's validators clean a
 * field marked with the `x-clean-text` keyword before its maxLength and pattern are checked;
 * the web app runs `textFieldProblem` with the same field rules before it lets the form go on.
 * Plain functions, no schema library: the web app imports this file.
 */

/** Marks a string field of a request schema as typed text: NFC-normalised and trimmed first. */
export const CLEAN_TEXT_KEYWORD = 'x-clean-text';

/** A JSON Schema pattern refusing control characters (NUL, tab, line breaks, DEL, C1). */
export const NO_CONTROL_CHARACTERS = '^\\P{Cc}*$';

/**
 * The stored form of typed text: NFC (Vietnamese typed with combining marks counts and compares
 * as the composed letters) and trimmed.
 */
export const cleanText = (text: string): string => text.normalize('NFC').trim();

/** Length as JSON Schema (and PostgreSQL's char_length) counts it: code points, not UTF-16 units. */
export const textLength = (text: string): number => [...text].length;

/** The limits of a typed-text field as its schema states them, with the key of its message. */
export interface TextFieldRules {
  maxLength: number;
  pattern: string;
  'x-message': string;
}

/** The field's message key when the (cleaned) text breaks its length or pattern, else null. */
export function textFieldProblem(rules: TextFieldRules, text: string): string | null {
  const clean = cleanText(text);
  const fits = textLength(clean) <= rules.maxLength && new RegExp(rules.pattern, 'u').test(clean);
  return fits ? null : rules['x-message'];
}
