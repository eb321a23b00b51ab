import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** A radio group: a real fieldset with its legend, options wrapping to the width. */
export const fieldset = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });

export const options = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const column = style([options, { flexDirection: 'column', flexWrap: 'nowrap' }]);

/** The radio itself stays focusable and read; the chip around it shows the state. */
export const choiceInput = style({
  position: 'absolute',
  opacity: 0,
  width: 1,
  height: 1,
  margin: 0,
});

export const choice = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: 44,
  minWidth: 44,
  paddingInline: vars.space.md,
  paddingBlock: vars.space.xs,
  border: `1px solid ${vars.color.mutedText}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      borderColor: vars.color.primary,
    },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.primary}`, outlineOffset: 2 },
    '&:has(input:disabled)': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

/** A full-width option with two lines (hospital, address, patient, payment method). */
export const wideChoice = style([choice, { display: 'flex', width: '100%', justifyContent: 'flex-start' }]);

export const choiceText = style({ display: 'grid', textAlign: 'start' });

export const choiceHint = style({ fontSize: '0.875rem', opacity: 0.85 });

export const dayChoice = style([choice, { flexDirection: 'column', gap: 0, minWidth: 72, lineHeight: 1.2 }]);

export const periods = style({ display: 'grid', gap: vars.space.md });

export const note = style({ color: vars.color.mutedText, fontSize: '0.9rem', margin: 0 });

export const notice = style({
  margin: 0,
  padding: vars.space.sm,
  borderInlineStart: `4px solid ${vars.color.primary}`,
  background: vars.color.background,
});

export const errorText = style({ color: vars.color.danger, margin: 0 });

export const errorBox = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.medium,
  color: vars.color.danger,
});

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
});

export const step = style({ display: 'grid', gap: vars.space.sm });

// Dimmed by a dashed border, not opacity: the note inside must keep its text contrast (WCAG AA).
export const stepLocked = style({ borderStyle: 'dashed', boxShadow: 'none' });

export const stepHeading = style({
  margin: 0,
  fontSize: '1.15rem',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.primary}`, outlineOffset: 2 } },
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const grow = style({ flex: '1 1 200px', minWidth: 0 });

export const summary = style({ display: 'grid', gap: vars.space.xs, margin: 0 });

export const summaryRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBlock: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

globalStyle(`${summaryRow} > dt`, { fontWeight: 600 });
globalStyle(`${summaryRow} > dd`, { margin: 0, textAlign: 'end', overflowWrap: 'anywhere' });

export const total = style([summaryRow, { fontSize: '1.15rem', borderBottom: 0 }]);

export const doctorHead = style({ display: 'flex', gap: vars.space.md, alignItems: 'center' });

export const photo = style({ borderRadius: '50%', objectFit: 'cover', flexShrink: 0 });

export const textarea = style({
  minHeight: 88,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.mutedText}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  width: '100%',
  font: 'inherit',
});

export const checkRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 44,
});

export const status = style({ fontWeight: 700 });

export const statusOk = style([status, { color: vars.color.success }]);

export const statusBad = style([status, { color: vars.color.danger }]);

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
