import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** The rjsf form, styled from the outside: its default templates carry plain class names. */
export const form = style({ maxWidth: 640, display: 'grid', gap: vars.space.md });

globalStyle(`${form} fieldset`, {
  border: 0,
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  minWidth: 0,
});
globalStyle(`${form} legend`, { display: 'none' });
globalStyle(`${form} .form-group`, { display: 'grid', gap: vars.space.xs });
globalStyle(`${form} label.control-label`, { fontWeight: 600 });
globalStyle(`${form} .required`, { color: vars.color.danger });
globalStyle(`${form} input:not([type="checkbox"]):not([type="radio"]), ${form} select, ${form} textarea`, {
  minHeight: 44,
  width: '100%',
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.color.mutedText}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
});
globalStyle(`${form} .error-detail`, { color: vars.color.danger, listStyle: 'none', margin: 0, padding: 0 });
globalStyle(`${form} .field-description, ${form} .help-block`, { color: vars.color.mutedText, margin: 0 });
globalStyle(`${form} .panel.errors`, { display: 'none' });
globalStyle(`${form} .checkbox, ${form} .radio`, {
  display: 'inline-flex',
  gap: vars.space.xs,
  marginInlineEnd: vars.space.md,
  minHeight: 44,
  alignItems: 'center',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const error = style({ color: vars.color.danger, margin: 0 });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const item = style({ display: 'grid', gap: vars.space.xs });

export const itemHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const name = style({ margin: 0, fontSize: '1.125rem' });

export const badge = style({
  display: 'inline-block',
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
  fontSize: '0.875rem',
});

export const warning = style({ color: vars.color.danger, margin: 0 });

/** Picker: one radio row per person, the whole row clickable, at least 44 px tall. */
export const picker = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
  minWidth: 0,
});

export const legend = style({ fontWeight: 600, marginBottom: vars.space.xs });

export const option = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space.sm,
  alignItems: 'start',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  minHeight: 44,
});

export const optionText = style({ display: 'grid', gap: 2, minWidth: 0, overflowWrap: 'anywhere' });

export const linkButton = style({
  border: 0,
  background: 'none',
  color: vars.color.primary,
  textDecoration: 'underline',
  cursor: 'pointer',
  padding: 0,
  minHeight: 24,
  justifySelf: 'start',
  font: 'inherit',
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
globalStyle(`${details} dt`, { fontWeight: 600 });
globalStyle(`${details} dd`, { margin: 0, overflowWrap: 'anywhere' });
