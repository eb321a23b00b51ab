import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** A row of secondary actions under a form (switch to another view, resend). */
export const linkRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});

/** A button that looks like a link (keeps button semantics for actions that do not navigate). */
export const linkButton = style({
  minHeight: 44,
  padding: 0,
  border: 0,
  background: 'transparent',
  color: vars.color.primary,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:disabled': { color: vars.color.mutedText, textDecoration: 'none', cursor: 'default' } },
});

export const checkboxRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginBottom: vars.space.xs,
});

/** A notice at the top of a form (e.g. account locked: use forgot password). */
export const notice = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.danger}`,
  marginTop: 0,
});

export const hint = style({ color: vars.color.mutedText, fontSize: '0.875rem' });

export const submit = style({ marginTop: vars.space.md });
