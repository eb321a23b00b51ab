import { globalStyle, style } from '@vanilla-extract/css';
import { schemaForm } from '../../lib/forms/schema-form.css';
import { vars } from '../../../themes/contract.css';

/** The rjsf form: the shared schema-form styles at this feature's width. */
export const form = style([schemaForm, { maxWidth: 640 }]);

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
