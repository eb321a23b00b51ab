import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const notice = style({
  padding: vars.space.md,
  borderInlineStart: `6px solid ${vars.color.secondary}`,
  background: vars.color.surface,
  borderRadius: vars.radius.medium,
  marginBottom: vars.space.lg,
});

export const form = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
});

export const formField = style({
  flex: '1 1 260px',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const list = style({ display: 'grid', gap: vars.space.md, listStyle: 'none', margin: 0, padding: 0 });

export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '2.25rem',
  fontWeight: 700,
  letterSpacing: '0.2em',
  color: vars.color.text,
  margin: `${vars.space.sm} 0`,
});

export const codeLabel = style({
  fontSize: '1rem',
  letterSpacing: 0,
  fontWeight: 400,
  color: vars.color.mutedText,
});

export const body = style({ whiteSpace: 'pre-wrap', margin: 0 });
