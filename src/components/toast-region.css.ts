import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const region = style({
  position: 'fixed',
  insetInline: vars.space.md,
  bottom: vars.space.md,
  zIndex: 1000,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  pointerEvents: 'none',
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  width: '100%',
});

const toastBase = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  maxWidth: 420,
  width: '100%',
  padding: vars.space.md,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.raised,
  background: vars.color.surface,
  color: vars.color.text,
  borderInlineStart: '6px solid',
  pointerEvents: 'auto',
});

export const toast = styleVariants({
  info: [toastBase, { borderColor: vars.color.primary }],
  success: [toastBase, { borderColor: vars.color.success }],
  error: [toastBase, { borderColor: vars.color.danger }],
});

export const text = style({ flex: 1, margin: 0 });

export const close = style({
  minWidth: 32,
  minHeight: 32,
  border: 0,
  background: 'transparent',
  fontSize: '1.25rem',
  lineHeight: 1,
  color: vars.color.mutedText,
});
