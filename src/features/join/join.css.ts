import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** The rjsf form, styled from the outside: its default templates carry plain class names. */
export const form = style({ maxWidth: 720, display: 'grid', gap: vars.space.md });

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
globalStyle(
  `${form} input:not([type="checkbox"]):not([type="radio"]):not([type="file"]), ${form} select, ${form} textarea`,
  {
    minHeight: 44,
    width: '100%',
    paddingInline: vars.space.sm,
    border: `1px solid ${vars.color.mutedText}`,
    borderRadius: vars.radius.medium,
    background: vars.color.surface,
    color: vars.color.text,
    font: 'inherit',
  },
);
globalStyle(`${form} textarea`, { paddingBlock: vars.space.sm });
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

export const upload = style({ display: 'grid', gap: vars.space.xs });

export const files = style({ margin: 0, paddingInlineStart: vars.space.md });

export const linkButton = style({
  border: 0,
  background: 'none',
  color: vars.color.danger,
  textDecoration: 'underline',
  cursor: 'pointer',
  minHeight: 24,
});

export const done = style({ display: 'grid', gap: vars.space.sm });
