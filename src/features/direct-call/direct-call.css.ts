import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const section = style({ marginBlock: vars.space.lg });
export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const term = style({ fontWeight: 600 });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginBlockStart: vars.space.md,
});
/** The ringing panel and an incoming call: set apart from the page so the eye goes there first. */
export const callout = style({
  border: `2px solid ${vars.color.primary}`,
  borderRadius: vars.radius.medium,
  padding: vars.space.md,
  marginBlock: vars.space.md,
});
