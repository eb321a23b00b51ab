import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const section = style({ marginBlock: vars.space.lg });
export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const term = style({ fontWeight: 600 });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginBlock: vars.space.md,
});
export const photo = style({ borderRadius: '50%', objectFit: 'cover', flexShrink: 0 });
export const doctor = style({ display: 'flex', gap: vars.space.md, alignItems: 'center' });
export const price = style({ fontSize: '1.25rem', fontWeight: 700, margin: 0 });
export const textarea = style({
  width: '100%',
  minHeight: '6rem',
  padding: vars.space.sm,
  font: 'inherit',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
});
export const quote = style({ whiteSpace: 'pre-wrap', margin: 0 });
export const answer = style({
  borderInlineStart: `4px solid ${vars.color.primary}`,
  paddingInlineStart: vars.space.md,
  marginBlockStart: vars.space.sm,
});
export const success = style({ color: vars.color.success, fontWeight: 600 });
export const alert = style({
  border: `2px solid ${vars.color.danger}`,
  borderRadius: vars.radius.medium,
  padding: vars.space.md,
  marginBlock: vars.space.md,
});
