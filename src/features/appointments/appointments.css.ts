import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** Account pages: side menu and content, one column on a phone. */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(200px, 260px) minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 720px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'end',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const tabList = style({
  display: 'flex',
  gap: 2,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  minHeight: 44,
  paddingInline: vars.space.md,
  border: 0,
  borderBottom: '3px solid transparent',
  background: 'transparent',
  color: vars.color.text,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { borderBottomColor: vars.color.primary, color: vars.color.primary },
  },
});

export const filter = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

/** The app's select box (src/components/ui.css). */
export { select } from '../../components/ui.css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md });

export const cardHead = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  flexWrap: 'wrap',
});

export const photo = style({
  width: 64,
  height: 64,
  borderRadius: '50%',
  objectFit: 'cover',
  flexShrink: 0,
  background: vars.color.border,
});

export const who = style({ flex: '1 1 12rem', minWidth: 0 });

export const doctorName = style({ margin: 0, fontSize: '1.1rem', overflowWrap: 'anywhere' });

export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

const badgeBase = style({
  display: 'inline-block',
  paddingInline: vars.space.sm,
  paddingBlock: 2,
  borderRadius: vars.radius.small,
  border: '1px solid currentColor',
  fontSize: '0.875rem',
  fontWeight: 600,
  background: vars.color.surface,
});

export const badge = styleVariants({
  success: [badgeBase, { color: vars.color.success }],
  warning: [badgeBase, { color: vars.color.text, borderStyle: 'dashed' }],
  danger: [badgeBase, { color: vars.color.danger }],
  neutral: [badgeBase, { color: vars.color.mutedText }],
});

/** Term/value pairs; one column on a phone. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `${vars.space.sm} 0`,
  '@media': { 'screen and (max-width: 420px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
globalStyle(`${facts} dt`, { fontWeight: 600 });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const zoneNote = style({ display: 'block', color: vars.color.mutedText, fontSize: '0.875rem' });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  marginTop: vars.space.sm,
});

export const section = style({ marginBottom: vars.space.md });

export const sectionTitle = style({ marginTop: 0, fontSize: '1.2rem' });

export const plainList = style({ margin: 0, paddingInlineStart: vars.space.lg });

export const textarea = style({
  minHeight: 96,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.mutedText}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  width: '100%',
  font: 'inherit',
  resize: 'vertical',
});

export const formError = style({
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.small,
  padding: vars.space.sm,
  marginBottom: vars.space.md,
});

/** Star rating: a radio group whose labels are the stars. */
export const stars = style({
  border: 0,
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
  minWidth: 0,
});

export const starRow = style({ display: 'flex', gap: 2 });

export const starInput = style({
  position: 'absolute',
  opacity: 0,
  width: 1,
  height: 1,
});

export const star = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: 44,
  minHeight: 44,
  fontSize: '1.75rem',
  lineHeight: 1,
  cursor: 'pointer',
  color: vars.color.mutedText,
  borderRadius: vars.radius.small,
});

export const starOn = style({ color: vars.color.primary });

globalStyle(`${starInput}:focus-visible + ${star}`, {
  outline: `3px solid ${vars.color.primary}`,
  outlineOffset: 2,
});

export const wideDialog = style({ maxWidth: '100%' });

export const table = style({ width: '100%', borderCollapse: 'collapse' });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});

export const tableWrap = style({ overflowX: 'auto' });

/** A button that reads as a link (downloads that need the session). */
export const linkButton = style({
  border: 0,
  padding: 0,
  minHeight: 24,
  background: 'transparent',
  color: vars.color.primary,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
  textAlign: 'start',
  overflowWrap: 'anywhere',
});
