import { style } from '@vanilla-extract/css';
import { schemaForm } from '../../lib/forms/schema-form.css';
import { vars } from '../../../themes/contract.css';

/** The rjsf form: the shared schema-form styles at this feature's width. */
export const form = style([schemaForm, { maxWidth: 720 }]);

export const upload = style({ display: 'grid', gap: vars.space.xs });

export const files = style({ margin: 0, paddingInlineStart: vars.space.md });

export const linkButton = style({
  border: 0,
  background: 'none',
  color: vars.color.danger,
  textDecoration: 'underline',
  cursor: 'pointer',
  minHeight: 24,
});

export const done = style({ display: 'grid', gap: vars.space.sm });
