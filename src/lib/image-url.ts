/**
 * The value as an image URL, or null when it is empty or a bare icon name (some catalogue items
 * carry icon keys such as "general" rather than files), so no broken image is ever rendered.
 */
export function imageUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^(\/(?!\/)|https:\/\/|data:image\/)/.test(value) ? value : null;
}
