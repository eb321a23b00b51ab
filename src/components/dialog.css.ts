import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 900,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.md,
  background: 'rgba(0, 0, 0, 0.5)',
  overflowY: 'auto',
});

export const dialog = style({
  width: '100%',
  maxWidth: 440,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.raised,
  padding: vars.space.lg,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const title = style({ margin: 0 });

export const close = style({
  minWidth: 44,
  minHeight: 44,
  border: 0,
  borderRadius: vars.radius.small,
  background: 'transparent',
  fontSize: '1.5rem',
  lineHeight: 1,
  color: vars.color.mutedText,
});
