import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const screen = style({
  flex: 1,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
  textAlign: 'center',
});

export const panel = style({ maxWidth: 480 });

export const spinner = style({
  width: 40,
  height: 40,
  margin: `0 auto ${vars.space.md}`,
  border: `4px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  borderRadius: '50%',
  animation: `${spin} 0.9s linear infinite`,
});
