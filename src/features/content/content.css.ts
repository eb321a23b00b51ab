import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const body = style({ maxWidth: '72ch' });

globalStyle(`${body} h2, ${body} h3`, { marginTop: vars.space.lg });
globalStyle(`${body} img`, { height: 'auto', borderRadius: vars.radius.medium });
globalStyle(`${body} table`, { borderCollapse: 'collapse', width: '100%' });
globalStyle(`${body} th, ${body} td`, { border: `1px solid ${vars.color.border}`, padding: vars.space.xs });
