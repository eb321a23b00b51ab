import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'end',
  marginBottom: vars.space.md,
});

export const categories = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.primary}`,
  borderRadius: 999,
  color: vars.color.primary,
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary } },
});

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const cardImage = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.small,
  background: vars.color.border,
});

export const cardTitle = style({ fontSize: '1.125rem', margin: `${vars.space.sm} 0 ${vars.space.xs}` });

export const article = style({ maxWidth: 760, marginInline: 'auto', display: 'grid', gap: vars.space.md });

export const heroImage = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.medium,
});

export const body = style({ lineHeight: 1.7, overflowWrap: 'anywhere' });

globalStyle(`${body} img`, { maxWidth: '100%', height: 'auto' });

export const mobile = style({ padding: vars.space.md });
