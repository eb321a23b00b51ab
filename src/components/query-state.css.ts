import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

const pulse = keyframes({ '0%, 100%': { opacity: 0.55 }, '50%': { opacity: 1 } });

export const skeletonList = style({
  display: 'grid',
  gap: vars.space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const skeleton = style({
  height: 96,
  borderRadius: vars.radius.large,
  background: vars.color.border,
  animation: `${pulse} 1.4s ease-in-out infinite`,
});

export const message = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.large,
  border: `1px dashed ${vars.color.border}`,
  background: vars.color.surface,
  textAlign: 'center',
});

export const errorMessage = style([message, { borderStyle: 'solid', borderColor: vars.color.danger }]);
