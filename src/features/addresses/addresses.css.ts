import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const form = style({ maxWidth: 560, display: 'grid', gap: vars.space.md });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const checkbox = style({
  display: 'inline-flex',
  gap: vars.space.xs,
  alignItems: 'center',
  minHeight: 44,
});

export const legacyNote = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
});

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

export const badge = style({
  display: 'inline-block',
  marginInlineStart: vars.space.xs,
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
  fontSize: '0.875rem',
});

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

export const text = style({ margin: 0, overflowWrap: 'anywhere' });

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
