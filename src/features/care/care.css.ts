import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'space-between',
});
export const tabs = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  marginBlock: vars.space.md,
});
export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'baseline' });
export const section = style({ marginBlock: vars.space.lg });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginBlock: vars.space.md,
});
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const term = style({ fontWeight: 600 });
export const medicine = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
  gap: vars.space.sm,
  alignItems: 'end',
});
export const textarea = style({
  width: '100%',
  minHeight: '5rem',
  padding: vars.space.sm,
  font: 'inherit',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
});
