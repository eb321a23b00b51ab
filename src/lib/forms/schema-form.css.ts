import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/**
 * The schema-rendered (rjsf) forms, styled from the outside: rjsf's default templates carry plain
 * class names. Each feature composes it with its own width: `style([schemaForm, { maxWidth }])`.
 */
export const schemaForm = style({ display: 'grid', gap: vars.space.md });

globalStyle(`${schemaForm} fieldset`, {
  border: 0,
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  minWidth: 0,
});
globalStyle(`${schemaForm} legend`, { display: 'none' });
globalStyle(`${schemaForm} .form-group`, { display: 'grid', gap: vars.space.xs });
globalStyle(`${schemaForm} label.control-label`, { fontWeight: 600 });
globalStyle(`${schemaForm} .required`, { color: vars.color.danger });
globalStyle(
  `${schemaForm} input:not([type="checkbox"]):not([type="radio"]):not([type="file"]), ${schemaForm} select, ${schemaForm} textarea`,
  {
    minHeight: 44,
    width: '100%',
    paddingInline: vars.space.sm,
    border: `1px solid ${vars.color.mutedText}`, // 3:1 against the surface (WCAG 1.4.11)
    borderRadius: vars.radius.medium,
    background: vars.color.surface,
    color: vars.color.text,
    font: 'inherit',
  },
);
globalStyle(`${schemaForm} textarea`, { paddingBlock: vars.space.sm });
globalStyle(`${schemaForm} .error-detail`, {
  color: vars.color.danger,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
globalStyle(`${schemaForm} .field-description, ${schemaForm} .help-block`, {
  color: vars.color.mutedText,
  margin: 0,
});
globalStyle(`${schemaForm} .panel.errors`, { display: 'none' });
globalStyle(`${schemaForm} .checkbox, ${schemaForm} .radio`, {
  display: 'inline-flex',
  gap: vars.space.xs,
  marginInlineEnd: vars.space.md,
  minHeight: 44,
  alignItems: 'center',
});
