import { describe, expect, it } from 'vitest';
import { imageUrl } from './image-url';

describe('imageUrl', () => {
  it('keeps app paths, https and data URLs', () => {
    expect(imageUrl('/api/v1/avatars/5.svg')).toBe('/api/v1/avatars/5.svg');
    expect(imageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(imageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });

  it('drops empty values, icon names and other schemes', () => {
    expect(imageUrl('')).toBeNull();
    expect(imageUrl(null)).toBeNull();
    expect(imageUrl('general')).toBeNull();
    expect(imageUrl('//evil.example/x.png')).toBeNull();
    expect(imageUrl('javascript:alert(1)')).toBeNull();
  });
});
