import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** The consent text: scrollable when long, focusable (tabIndex) so keyboard users can scroll it. */
export const consentText = style({
  maxHeight: 360,
  overflowY: 'auto',
  whiteSpace: 'pre-line',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 } },
});

export const stack = style({ display: 'grid', gap: vars.space.md, maxWidth: 760 });

/**
 * The privacy card among the profile settings' cards: their full width and spacing (the page's
 * 760 px reading width would leave it narrower than its neighbours).
 */
export const linkCard = style({ display: 'grid', gap: vars.space.md, marginBottom: vars.space.lg });

export const linkTitle = style({ margin: 0, fontSize: '1.25rem' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });

export const error = style({ color: vars.color.danger, margin: 0 });

export const logList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const logItem = style({
  display: 'grid',
  gap: vars.space.xs,
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});
