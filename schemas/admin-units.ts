/**
 * Plain helpers for addresses and Vietnam's administrative units, shared by the server and the web
 * app (no TypeBox here: the web app may import this file).
 */

/** Lower case, tone marks and đ folded, spaces collapsed: 'Phường Ba Đình' -> 'phuong ba dinh'. */
export function foldName(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}

/** The parts of an address that its text shows, in order. */
export interface AddressParts {
  addressLine: string;
  wardName?: string | null;
  /** Only addresses stored with the old three levels (before 1 July 2025) have a district. */
  districtName?: string | null;
  provinceName?: string | null;
}

/** One line: address line, ward, [district], province; empty parts left out. */
export function addressText(parts: AddressParts): string {
  return [parts.addressLine, parts.wardName, parts.districtName, parts.provinceName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ');
}
