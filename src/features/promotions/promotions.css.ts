import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** Account pages: side menu and content, one column on a phone (as the wallet page). */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(200px, 260px) minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 720px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const stack = style({ display: 'grid', gap: vars.space.md, alignContent: 'start' });
export const form = style({ display: 'grid', gap: vars.space.sm, maxWidth: '28rem' });
export const success = style({ borderInlineStart: `4px solid ${vars.color.success}` });
export const failure = style({ borderInlineStart: `4px solid ${vars.color.danger}` });
export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm });
export const spent = style({ opacity: 0.75 });
