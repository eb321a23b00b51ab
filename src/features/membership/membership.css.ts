import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const facts = style({
  margin: `${vars.space.md} 0`,
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `${vars.space.xs} ${vars.space.sm}`,
});

globalStyle(`${facts} dd`, { margin: 0, fontWeight: 700, textAlign: 'end' });

export const row = style({ display: 'contents' });

export const price = style({ fontSize: '1.5rem', fontWeight: 700, color: vars.color.primary, margin: 0 });
