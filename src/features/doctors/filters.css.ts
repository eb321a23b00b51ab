import { style } from '@vanilla-extract/css';
import { select as uiSelect } from '../../components/ui.css';
import { vars } from '../../../themes/contract.css';

/** Wide enough for the filters beside the results (also read by FilterPanel through matchMedia). */
export const desktop = 'screen and (min-width: 900px)';

/** List page: filters beside the results on wide screens, above them (folded) on phones. */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [desktop]: { gridTemplateColumns: '260px 1fr', alignItems: 'start' } },
});

export const panel = style({ display: 'grid', gap: vars.space.sm });

export const toggle = style({ '@media': { [desktop]: { display: 'none' } } });

export const body = style({
  display: 'none',
  gap: vars.space.md,
  '@media': { [desktop]: { display: 'grid' } },
});

export const bodyOpen = style([body, { display: 'grid' }]);

export const fieldset = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
  minWidth: 0,
});

export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });

export const scrollList = style({
  maxHeight: 200,
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  padding: vars.space.xs,
});

export const check = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minHeight: 32 });

export const select = style([uiSelect, { width: '100%' }]);

export const sortRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'end',
  marginBottom: vars.space.md,
});
