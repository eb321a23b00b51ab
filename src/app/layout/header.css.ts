import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';
import { container } from '../../components/ui.css';

export const header = style({
  background: vars.color.headerBackground,
  color: vars.color.headerText,
  borderBottom: `1px solid ${vars.color.border}`,
});

// The header has its own colours (dark on some tenants): focus rings follow its text colour.
globalStyle(`${header} :focus-visible`, { outlineColor: vars.color.headerText });

/** A solid button in the header's inverted colours, readable on light and dark headers alike. */
export const headerButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 44,
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.headerText}`,
  borderRadius: vars.radius.medium,
  background: vars.color.headerText,
  color: vars.color.headerBackground,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});

export const top = style([
  container,
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: vars.space.md,
    paddingBlock: vars.space.sm,
  },
]);

export const logo = style({ display: 'inline-flex', alignItems: 'center', minHeight: 44, flexShrink: 0 });

globalStyle(`${logo} img`, { height: 40, width: 'auto', maxWidth: 200 });

export const search = style({
  flex: '1 1 260px',
  display: 'flex',
  gap: vars.space.xs,
  '@media': { 'screen and (max-width: 640px)': { order: 3, flexBasis: '100%' } },
});

export const searchInput = style({
  flex: 1,
  minWidth: 0,
  minHeight: 44,
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.color.mutedText}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
});

export const actions = style({
  display: 'flex',
  // Wraps on a 360 px phone instead of pushing the page wider than the screen.
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  maxWidth: '100%',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInlineStart: 'auto',
});

export const languageSelect = style({
  minHeight: 44,
  paddingInline: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.headerBackground,
  color: vars.color.headerText,
});

export const navRow = style({ borderTop: `1px solid ${vars.color.border}` });

export const navList = style([
  container,
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: vars.space.xs,
    margin: '0 auto',
    paddingBlock: vars.space.xs,
    listStyle: 'none',
  },
]);

export const navItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  paddingInline: vars.space.sm,
  border: 0,
  borderRadius: vars.radius.medium,
  background: 'transparent',
  color: vars.color.headerText,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&[aria-current="page"]': { textDecoration: 'underline', textDecorationThickness: 3 },
  },
});

export const userLabel = style({ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' });

/** The search field and its popup list, positioned under the field. */
export const comboWrap = style({ position: 'relative', flex: 1, minWidth: 0, display: 'flex' });

export const listbox = style({
  position: 'absolute',
  insetInline: 0,
  top: '100%',
  zIndex: 20,
  marginTop: 4,
  maxHeight: '60vh',
  overflowY: 'auto',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.raised,
  paddingBlock: vars.space.xs,
});

export const groupLabel = style({
  paddingInline: vars.space.sm,
  paddingBlock: vars.space.xs,
  fontSize: '0.8125rem',
  fontWeight: 700,
  color: vars.color.mutedText,
  textTransform: 'uppercase',
});

export const option = style({
  paddingInline: vars.space.md,
  paddingBlock: vars.space.sm,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"], &:hover': { background: vars.color.primary, color: vars.color.onPrimary },
  },
});
