import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** Account pages: side menu and content, one column on a phone. */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(200px, 260px) minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 720px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const stack = style({ display: 'grid', gap: vars.space.md });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const item = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(120px, max-content) minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

export const term = style({ color: vars.color.mutedText });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });

/** A status is always a word (never colour alone); the border only repeats it. */
export const status = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  border: `1px solid ${vars.color.mutedText}`,
  borderRadius: vars.radius.small,
  fontWeight: 600,
});

export const ok = style({ color: vars.color.success });
export const bad = style({ color: vars.color.danger });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const error = style({ color: vars.color.danger, margin: 0 });

export const pad = style({
  display: 'block',
  width: '100%',
  maxWidth: 560,
  height: 220,
  border: `2px dashed ${vars.color.mutedText}`,
  borderRadius: vars.radius.medium,
  background: '#ffffff',
  // Drawing with a finger must not scroll the page.
  touchAction: 'none',
  cursor: 'crosshair',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.primary}`, outlineOffset: 2 } },
});

export const signatureImage = style({
  maxWidth: 320,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: '#ffffff',
});

/** One term and its value inside the facts grid. */
export const row = style({ display: 'contents' });
