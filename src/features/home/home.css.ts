import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const section = style({ marginBottom: vars.space.xl });

export const tileLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: '100%',
  color: vars.color.text,
  textDecoration: 'none',
});

globalStyle(`${tileLink}:hover h3`, { textDecoration: 'underline' });

export const tileIcon = style({
  width: 48,
  height: 48,
  flexShrink: 0,
  borderRadius: vars.radius.medium,
  objectFit: 'cover',
});

export const tileTitle = style({ margin: 0, fontSize: '1rem', color: vars.color.primary });

export const banners = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'min(100%, 560px)',
  gap: vars.space.md,
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const banner = style({
  position: 'relative',
  scrollSnapAlign: 'start',
  borderRadius: vars.radius.large,
  overflow: 'hidden',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const bannerImage = style({
  width: '100%',
  aspectRatio: '16 / 7',
  objectFit: 'cover',
  background: vars.color.border,
});

export const bannerText = style({ padding: vars.space.md });

export const mediaImage = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.medium,
  marginBottom: vars.space.sm,
  background: vars.color.border,
});

export const quote = style({ margin: 0 });

globalStyle(`${quote} p`, { fontStyle: 'italic' });

export const stars = style({ color: vars.color.text, letterSpacing: 2 });
