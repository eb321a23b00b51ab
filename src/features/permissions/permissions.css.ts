import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** The notification card on Appointment Confirmed: below the outcome, same width. */
export const card = style({ display: 'grid', gap: vars.space.sm, marginTop: vars.space.md });

export const title = style({ fontSize: '1.1rem', margin: 0 });

export const text = style({ margin: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** The help dialog: the steps of the person's own browser first, the others folded below. */
export const help = style({ display: 'grid', gap: vars.space.sm });

export const stepsTitle = style({ fontSize: '1rem', margin: 0 });

export const list = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'grid',
  gap: vars.space.xs,
});

export const others = style({ display: 'grid', gap: vars.space.xs });

export const summary = style({ cursor: 'pointer', fontWeight: 600, color: vars.color.primary });
