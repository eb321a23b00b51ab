/** Moves focus to the form's first invalid field, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement): void {
  // After React has rendered the error state.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
