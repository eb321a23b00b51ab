import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { button, field, input, label as labelCss } from '../../../components/ui.css';
import * as css from '../fee-guarantee.css';

/** What the sign page asks of the field. */
export interface SignatureFieldHandle {
  /** The drawing as a PNG, or null when nothing is drawn. */
  toPng(): Blob | null;
}

interface SignatureFieldProps {
  label: string;
  instructions: string;
  clearLabel: string;
  emptyHint: string;
  /** Label of the typed alternative (keyboard and switch users cannot draw). */
  typeLabel: string;
  empty: boolean;
  /** Called whenever the drawing becomes empty (cleared) or not (a stroke ended). */
  onEmptyChange(empty: boolean): void;
}

/** A data: URL's bytes as a Blob (no fetch of a data URL: the CSP's connect-src is 'self'). */
function blobOf(dataUrl: string): Blob {
  const [head, data = ''] = dataUrl.split(',');
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: head?.match(/^data:([^;]+)/)?.[1] ?? 'image/png' });
}

/**
 * The on-screen signature: signature_pad on a <canvas> (pointer events: mouse, pen and touch;
 * `touch-action: none` so drawing does not scroll), scaled for the device's pixel ratio, on a
 * white background so the PNG reads on paper. The canvas has an accessible name and the written
 * instructions; "Clear signature" starts again. Who cannot draw (keyboard, switch access) types
 * their full name instead, written on the same canvas.
 */
export const SignatureField = forwardRef<SignatureFieldHandle, SignatureFieldProps>(function SignatureField(
  { label, instructions, clearLabel, emptyHint, typeLabel, empty, onEmptyChange },
  ref,
) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const instructionsId = useId();
  const stateId = useId();
  const typeId = useId();
  const changed = useRef(onEmptyChange);
  changed.current = onEmptyChange;
  // The typed alternative: the name written on the canvas (signature_pad does not count it).
  const [typed, setTyped] = useState('');
  const typedRef = useRef(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(0, 0, 0)' });
    padRef.current = pad;
    const resize = () => {
      // The drawing buffer follows the displayed size and pixel ratio; a resize keeps the strokes.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = (canvas.offsetWidth || 560) * ratio;
      canvas.height = (canvas.offsetHeight || 220) * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    resize();
    const onEnd = () => changed.current(pad.isEmpty() && !typedRef.current);
    pad.addEventListener('endStroke', onEnd);
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    toPng: () => {
      const pad = padRef.current;
      return pad && (!pad.isEmpty() || typedRef.current) ? blobOf(pad.toDataURL('image/png')) : null;
    },
  }));

  const clear = () => {
    padRef.current?.clear();
    typedRef.current = false;
    setTyped('');
    changed.current(true);
  };

  /** Writes the typed name on the canvas in place of any drawing. */
  const type = (name: string) => {
    setTyped(name);
    const pad = padRef.current;
    const canvas = canvasRef.current;
    pad?.clear();
    const text = name.trim();
    typedRef.current = text.length > 0;
    const context = canvas?.getContext('2d');
    if (canvas && context && text) {
      const width = canvas.offsetWidth || 560;
      const height = canvas.offsetHeight || 220;
      context.save();
      context.fillStyle = 'rgb(0, 0, 0)';
      context.font = `italic ${Math.min(48, Math.floor((width * 1.6) / Math.max(text.length, 1)))}px serif`;
      context.textBaseline = 'middle';
      context.fillText(text.slice(0, 80), 16, height / 2, width - 32);
      context.restore();
    }
    changed.current(!typedRef.current);
  };

  return (
    <div className={css.stack}>
      <p id={instructionsId}>{instructions}</p>
      <canvas
        ref={canvasRef}
        className={css.pad}
        role="img"
        aria-label={label}
        aria-describedby={`${instructionsId} ${stateId}`}
      />
      <p id={stateId} aria-live="polite" className={css.term}>
        {empty ? emptyHint : ''}
      </p>
      <div className={field}>
        <label className={labelCss} htmlFor={typeId}>
          {typeLabel}
        </label>
        <input
          id={typeId}
          className={input}
          value={typed}
          maxLength={80}
          autoComplete="name"
          onChange={(event) => type(event.target.value)}
        />
      </div>
      <div className={css.actions}>
        <button type="button" className={button.secondary} onClick={clear} disabled={empty}>
          {clearLabel}
        </button>
      </div>
    </div>
  );
});
