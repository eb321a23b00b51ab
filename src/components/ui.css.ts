import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

/** Hidden on screen, still read by screen readers. */
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const container = style({
  width: '100%',
  maxWidth: 1200,
  marginInline: 'auto',
  paddingInline: vars.space.md,
});

export const page = style([container, { paddingBlock: vars.space.lg, flex: 1 }]);

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: 44, // touch target size (WCAG 2.5.5)
  paddingInline: vars.space.md,
  borderRadius: vars.radius.medium,
  border: '1px solid transparent',
  fontWeight: 600,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: { '&:disabled': { opacity: 0.6, cursor: 'not-allowed' } },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.primary, color: vars.color.onPrimary }],
  secondary: [
    buttonBase,
    { background: vars.color.surface, color: vars.color.primary, borderColor: vars.color.primary },
  ],
  ghost: [buttonBase, { background: 'transparent', color: 'inherit', borderColor: vars.color.border }],
});

export const card = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
});

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const muted = style({ color: vars.color.mutedText });

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});

export const label = style({ fontWeight: 600 });

export const input = style({
  minHeight: 44,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.mutedText}`, // 3:1 against the surface (WCAG 1.4.11)
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  width: '100%',
});

/** A native select of the app's forms and filters (the same box as `input`, sized to its content). */
export const select = style({
  minHeight: 44,
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.color.mutedText}`, // 3:1 against the surface (WCAG 1.4.11)
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
});

export const fieldError = style({ color: vars.color.danger, fontSize: '0.875rem', margin: 0 });

export const sectionHeader = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  marginBottom: vars.space.md,
});

export const fullWidth = style({ width: '100%' });
