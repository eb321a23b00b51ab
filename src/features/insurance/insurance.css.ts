import { style } from '@vanilla-extract/css';
import { schemaForm } from '../../lib/forms/schema-form.css';
import { vars } from '../../../themes/contract.css';

/** Account pages: side menu and content, one column on a phone. */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(200px, 260px) minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 720px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const section = style({ marginBottom: vars.space.lg });

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

/** The rjsf form: the shared schema-form styles at this feature's width. */
export const form = style([schemaForm, { maxWidth: 640 }]);

/** The app's select box (src/components/ui.css). */
export { select } from '../../components/ui.css';

export const hint = style({ color: vars.color.mutedText, fontSize: '0.875rem', margin: 0 });
export const check = style({
  display: 'inline-flex',
  gap: vars.space.xs,
  alignItems: 'center',
  minHeight: 44,
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const alert = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.small,
  color: vars.color.danger,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const item = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
});

export const itemTitle = style({ margin: 0, fontSize: '1.125rem', overflowWrap: 'anywhere' });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: vars.space.sm,
  margin: `${vars.space.sm} 0`,
});

export const term = style({ fontSize: '0.875rem', color: vars.color.mutedText });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });

/** A claim's status as text with an outline (never colour alone). */
export const status = style({
  display: 'inline-block',
  padding: `2px ${vars.space.xs}`,
  border: `1px solid ${vars.color.mutedText}`,
  borderRadius: vars.radius.small,
  fontWeight: 600,
});

export const photo = style({ display: 'block', maxWidth: '100%', maxHeight: 240, marginTop: vars.space.xs });

export const prefill = style({
  display: 'grid',
  gap: vars.space.xs,
  maxWidth: 640,
  marginBottom: vars.space.md,
});
