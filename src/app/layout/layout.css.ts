import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  top: vars.space.sm,
  zIndex: 1100,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  borderRadius: vars.radius.medium,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const main = style({
  flex: 1,
  // At least a screen tall: while a page's code loads, the footer stays below the fold instead of
  // showing and then jumping down (a large layout shift on every lazy page).
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  selectors: { '&:focus': { outline: 'none' } },
});
