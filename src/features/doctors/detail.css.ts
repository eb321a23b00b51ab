import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const bookRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});

export const priceRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingBlock: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const prices = style({ margin: 0 });

export const days = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
});

export const day = style({ display: 'grid', gap: vars.space.xs, alignContent: 'start' });

export const dayTitle = style({ fontSize: '1rem', margin: 0 });

export const slotList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const slotChip = style({
  minHeight: 44, // touch target size (WCAG 2.5.5)
  minWidth: 44,
  paddingInline: vars.space.sm,
  paddingBlock: 2,
  border: `1px solid ${vars.color.primary}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.primary,
  font: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.primary, color: vars.color.onPrimary } },
});

export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** The app's select box (src/components/ui.css). */
export { select } from '../../components/ui.css';

export const reviews = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const review = style({ borderBottom: `1px solid ${vars.color.border}`, paddingBottom: vars.space.sm });

export const plainList = style({
  margin: 0,
  paddingInlineStart: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
});

export const stack = style({ display: 'grid', gap: vars.space.md, marginTop: vars.space.md });
