import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(200px, 260px) 1fr',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 720px)': { gridTemplateColumns: '1fr' } },
});

/** Phones get the compact menu, wider screens the side list (one of the two is rendered visible). */
const PHONE = 'screen and (max-width: 720px)';

export const nav = style({ '@media': { [PHONE]: { paddingBlock: vars.space.sm } } });

export const compactMenu = style({ display: 'none', '@media': { [PHONE]: { display: 'block' } } });

export const compactSummary = style({
  cursor: 'pointer',
  minHeight: 44,
  display: 'flex',
  alignItems: 'center',
  fontWeight: 600,
});

export const wideMenu = style({ '@media': { [PHONE]: { display: 'none' } } });

export const menu = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 });

export const menuLink = style({
  display: 'block',
  padding: vars.space.sm,
  borderRadius: vars.radius.small,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary },
  },
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

globalStyle(`${details} dt`, { fontWeight: 600 });
globalStyle(`${details} dd`, { margin: 0 });

export const section = style({ marginBottom: vars.space.lg });

export const sectionTitle = style({ marginTop: 0, fontSize: '1.25rem' });

/** A card that asks for something (complete the profile): marked by a primary-coloured edge. */
export const notice = style({ borderInlineStart: `4px solid ${vars.color.primary}` });

/** Settings forms stay readable on wide screens. */
export const narrowForm = style({ maxWidth: 480 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const codeList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))',
  gap: vars.space.xs,
  fontFamily: 'monospace',
  listStyle: 'none',
  padding: 0,
});

export const deviceList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const deviceItem = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  paddingBlock: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const secret = style({ fontFamily: 'monospace', wordBreak: 'break-all' });

export const radioRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minHeight: 32 });
