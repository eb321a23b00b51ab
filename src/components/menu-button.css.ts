import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const wrapper = style({ position: 'relative' });

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: 44,
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: 'transparent',
  color: 'inherit',
  fontWeight: 600,
});

export const caret = style({ fontSize: '0.75em' });

export const menu = style({
  position: 'absolute',
  insetInlineEnd: 0,
  top: 'calc(100% + 4px)',
  zIndex: 800,
  minWidth: 240,
  maxWidth: 'min(320px, 90vw)',
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.raised,
});

export const menuList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const menuStart = style({ insetInlineEnd: 'auto', insetInlineStart: 0 });

export const menuHeader = style({
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.xs,
});

export const item = style({
  display: 'block',
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.text,
  textAlign: 'start',
  textDecoration: 'none',
  selectors: {
    '&:hover, &:focus-visible': { background: vars.color.background },
  },
});
