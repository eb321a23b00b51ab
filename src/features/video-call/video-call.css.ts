import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

export const layout = style({ display: 'grid', gap: vars.space.md });

export const stage = style({
  position: 'relative',
  background: '#111',
  borderRadius: vars.radius.large,
  overflow: 'hidden',
  aspectRatio: '16 / 9',
  width: '100%',
  '@media': { 'screen and (max-width: 600px)': { aspectRatio: '3 / 4' } },
});

export const remoteVideo = style({ width: '100%', height: '100%', objectFit: 'contain', display: 'block' });

/** The own picture: a corner of the stage, mirrored like a mirror so moving feels natural. */
export const selfView = style({
  position: 'absolute',
  right: vars.space.sm,
  bottom: vars.space.sm,
  width: '28%',
  maxWidth: 220,
  borderRadius: vars.radius.medium,
  border: '2px solid #fff',
  transform: 'scaleX(-1)',
  background: '#222',
});

export const preview = style({
  width: '100%',
  maxWidth: 480,
  aspectRatio: '4 / 3',
  background: '#111',
  borderRadius: vars.radius.large,
  transform: 'scaleX(-1)',
  objectFit: 'cover',
});

export const stageNote = style({
  position: 'absolute',
  insetInline: 0,
  top: '40%',
  textAlign: 'center',
  color: '#fff',
  padding: vars.space.md,
  margin: 0,
  fontSize: '1.1rem',
});

export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
});

export const danger = style({ background: vars.color.danger, color: '#fff', borderColor: vars.color.danger });

export const status = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, margin: 0 });

export const devices = style({ display: 'grid', gap: vars.space.sm, maxWidth: 480 });
