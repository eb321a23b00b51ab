import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const bar = style({ background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}` });

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  marginBlock: 0,
  paddingBlock: vars.space.sm,
  listStyle: 'none',
  fontSize: '0.9375rem',
});

export const separator = style({ color: vars.color.mutedText, paddingInline: vars.space.xs });

export const current = style({ color: vars.color.text, fontWeight: 600 });
