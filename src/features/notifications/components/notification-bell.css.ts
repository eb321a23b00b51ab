import { style } from '@vanilla-extract/css';
import { vars } from '../../../../themes/contract.css';

/** A 44 px target in the header's colours, the count on its corner. */
export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 44,
  minHeight: 44,
  borderRadius: vars.radius.medium,
  color: vars.color.headerText,
});

export const icon = style({ display: 'block' });

export const badge = style({
  position: 'absolute',
  insetBlockStart: 2,
  insetInlineEnd: 0,
  minWidth: 20,
  height: 20,
  paddingInline: 5,
  borderRadius: 10,
  // The header's text colour on its background colour: the pair every tenant's contrast check passes.
  background: vars.color.headerText,
  color: vars.color.headerBackground,
  fontSize: 12,
  fontWeight: 700,
  lineHeight: '20px',
  textAlign: 'center',
});
