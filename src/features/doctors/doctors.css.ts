import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const list = style({ display: 'grid', gap: vars.space.md, listStyle: 'none', margin: 0, padding: 0 });

export const doctorCard = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space.md,
  '@media': { 'screen and (min-width: 900px)': { gridTemplateColumns: 'auto 1fr 280px' } },
});

export const photo = style({
  width: 96,
  height: 96,
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.border,
  '@media': { 'screen and (max-width: 480px)': { width: 64, height: 64 } },
});

export const largePhoto = style([photo, { width: 140, height: 140 }]);

export const name = style({ fontSize: '1.125rem', margin: 0 });

export const facts = style({
  margin: `${vars.space.xs} 0 0`,
  padding: 0,
  listStyle: 'none',
  display: 'grid',
  gap: 2,
});

export const aside = style({
  gridColumn: '1 / -1',
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.sm,
  '@media': { 'screen and (min-width: 900px)': { gridColumn: 'auto' } },
});

export const prices = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `2px ${vars.space.sm}`,
});

// Rows take part in the two-column grid of the list.
export const priceRow = style({ display: 'contents' });

export const priceValue = style({ margin: 0, fontWeight: 700, textAlign: 'end' });

export const slot = style({ margin: 0, color: vars.color.success, fontWeight: 600 });

export const profile = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'auto 1fr',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 640px)': { gridTemplateColumns: '1fr' } },
});

export const detailGrid = style({
  display: 'grid',
  gap: vars.space.md,
  marginTop: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 280px), 1fr))',
});

export const biography = style({ whiteSpace: 'pre-line' });
