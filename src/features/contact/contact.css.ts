import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const form = style({ display: 'grid', gap: vars.space.md });

export const row = style({ display: 'grid', gap: vars.space.sm, gridTemplateColumns: 'minmax(0, 9rem) 1fr' });

export const captcha = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
});

export const captchaLabel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 44,
  fontWeight: 600,
});

export const captchaStatus = style({ margin: 0, minHeight: '1.5em', color: vars.color.mutedText });

export const info = style({ display: 'grid', gap: vars.space.sm, margin: 0 });

export const infoRow = style({ display: 'grid', gridTemplateColumns: '8rem 1fr', gap: vars.space.sm });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
});

export const mobilePage = style({ padding: vars.space.md, maxWidth: 560, marginInline: 'auto' });
