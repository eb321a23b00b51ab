import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const tile = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: '100%',
  textDecoration: 'none',
  color: vars.color.text,
});

export const icon = style({
  width: 48,
  height: 48,
  flexShrink: 0,
  borderRadius: vars.radius.medium,
  objectFit: 'cover',
});

export const tileTitle = style({ margin: 0, fontSize: '1rem', color: vars.color.primary });

export const hospitalImage = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.medium,
  marginBottom: vars.space.sm,
  background: vars.color.border,
});

export const facts = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 2 });

export const search = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
  maxWidth: 560,
});

/** The price list: one table per hospital, scrolling sideways on a narrow screen. */
export const priceTableWrap = style({ overflowX: 'auto' });

export const priceTable = style({ width: '100%', borderCollapse: 'collapse' });

globalStyle(`${priceTable} th, ${priceTable} td`, {
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
});

export const priceCell = style({ whiteSpace: 'nowrap' });

globalStyle(`${priceTable} ${priceCell}`, { textAlign: 'end' });
