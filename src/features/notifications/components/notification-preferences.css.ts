import { style } from '@vanilla-extract/css';
import { vars } from '../../../../themes/contract.css';

export const section = style({ marginBottom: vars.space.lg });
export const title = style({ marginTop: 0, fontSize: '1.25rem' });

export const channels = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  marginBlock: vars.space.md,
});

export const group = style({
  margin: 0,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
});

export const legend = style({ fontWeight: 600, paddingInline: vars.space.xs });

/** A 44 px row per switch: easy to hit on a phone. */
export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minHeight: 44 });

export const times = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginBlock: vars.space.sm,
});

export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  marginTop: vars.space.md,
});
