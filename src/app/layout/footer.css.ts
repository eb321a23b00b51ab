import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';
import { container } from '../../components/ui.css';

export const footer = style({
  marginTop: vars.space.xl,
  background: vars.color.footerBackground,
  color: vars.color.footerText,
});

// Links and focus rings take the footer's text colour: the brand colour may not contrast here.
globalStyle(`${footer} a`, { color: vars.color.footerText });
globalStyle(`${footer} :focus-visible`, { outlineColor: vars.color.footerText });

export const columns = style([
  container,
  {
    display: 'grid',
    gap: vars.space.lg,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
    paddingBlock: vars.space.xl,
  },
]);

export const heading = style({ fontSize: '1rem', marginBottom: vars.space.sm });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });

export const listLink = style({ display: 'inline-block', paddingBlock: 2 });

export const term = style({ fontWeight: 600 });

export const details = style({ margin: 0, display: 'grid', gap: vars.space.xs });

globalStyle(`${details} dd`, { margin: `0 0 ${vars.space.xs}` });

export const bottom = style([
  container,
  {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: vars.space.sm,
    paddingBlock: vars.space.md,
    borderTop: `1px solid ${vars.color.footerText}`,
    fontSize: '0.875rem',
  },
]);

export const demo = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'center',
  fontWeight: 600,
  background: vars.color.surface,
  color: vars.color.text,
});
