import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** Account pages: side menu and content, one column on a phone. */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(200px, 260px) minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 720px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  border: 0,
});

export const filter = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

/** The app's select box (src/components/ui.css). */
export { select } from '../../components/ui.css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const record = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
});

export const recordTitle = style({ margin: 0, fontSize: '1.125rem', overflowWrap: 'anywhere' });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: vars.space.sm,
  margin: `${vars.space.sm} 0`,
});

export const term = style({ fontSize: '0.875rem', color: vars.color.mutedText });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });

export const files = style({
  listStyle: 'none',
  margin: `${vars.space.sm} 0`,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
});

export const file = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const fileName = style({ flex: '1 1 12rem', overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const small = style({ minHeight: 44, paddingInline: vars.space.sm });

export const textarea = style({
  minHeight: '6rem',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.mutedText}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  width: '100%',
  font: 'inherit',
});

export const viewer = style({ display: 'block', maxWidth: '100%', maxHeight: '70vh', margin: '0 auto' });

export const frame = style({ display: 'block', width: '100%', height: '70vh', border: 0 });

export const alert = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.small,
  color: vars.color.danger,
});

export const section = style({ marginTop: vars.space.lg });
