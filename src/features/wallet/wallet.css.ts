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

export const balance = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
});

export const balanceAmount = style({
  display: 'block',
  fontSize: '1.75rem',
  fontWeight: 700,
  overflowWrap: 'anywhere',
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'end',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const filter = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

/** The app's select box (src/components/ui.css). */
export { select } from '../../components/ui.css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

/** One transaction: its fields side by side on a wide screen, two columns on a phone. */
export const item = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
});

export const field = style({ minWidth: 0 });

export const term = style({ fontSize: '0.875rem', color: vars.color.mutedText });

export const value = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

// Both tokens pass WCAG AA on the surface in every theme; the sign says the same for those who
// cannot tell the colours apart.
export const credit = style({ color: vars.color.success });
export const debit = style({ color: vars.color.danger });

export const link = style({ color: vars.color.primary, fontWeight: 600 });
