import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

const slide = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(250%)' } });

export const track = style({
  position: 'fixed',
  insetInline: 0,
  top: 0,
  zIndex: 1200,
  height: 4,
  overflow: 'hidden',
  background: 'transparent',
});

export const bar = style({
  width: '40%',
  height: '100%',
  background: vars.color.primary,
  animation: `${slide} 1.2s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { width: '100%', animation: 'none' } },
});
