import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const facts = style({
  margin: `${vars.space.md} 0`,
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `${vars.space.xs} ${vars.space.sm}`,
});

globalStyle(`${facts} dd`, { margin: 0, fontWeight: 700, textAlign: 'end' });

export const row = style({ display: 'contents' });

export const price = style({ fontSize: '1.5rem', fontWeight: 700, color: vars.color.primary, margin: 0 });

export const section = style({ marginBlock: vars.space.lg });

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: vars.space.md,
  marginBlock: `0 ${vars.space.md}`,
  display: 'grid',
  gap: vars.space.xs,
});

export const legend = style({ fontWeight: 600, paddingInline: vars.space.xs });

export const option = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', minHeight: 44 });

export const error = style({ color: vars.color.danger, margin: `${vars.space.xs} 0` });

export const heldList = style({ listStyle: 'none', padding: 0, display: 'grid', gap: vars.space.md });

export const note = style({ color: vars.color.mutedText, margin: `${vars.space.xs} 0` });
