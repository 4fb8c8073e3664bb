import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const apiBlob = vi.fn<(url: string) => Promise<Blob>>();
vi.mock('./api-client.ts', () => ({ apiBlob: (url: string) => apiBlob(url) }));
const { useProtectedImage } = await import('./protected-image.ts');

describe('useProtectedImage', () => {
  afterEach(() => apiBlob.mockReset());

  it('reads an API image with the token into a blob URL, and releases it', async () => {
    apiBlob.mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { result, unmount } = renderHook(() => useProtectedImage('/api/photos/abc'));
    expect(result.current).toEqual({ src: null, failed: false });
    await waitFor(() => expect(result.current).toEqual({ src: 'blob:photo', failed: false }));
    expect(apiBlob).toHaveBeenCalledWith('/api/photos/abc');
    unmount();
    expect(revoke).toHaveBeenCalledWith('blob:photo');
    create.mockRestore();
    revoke.mockRestore();
  });

  it('uses any other address as it is, and nothing for none', () => {
    expect(renderHook(() => useProtectedImage('https://cdn.example/me.jpg')).result.current.src).toBe(
      'https://cdn.example/me.jpg',
    );
    expect(renderHook(() => useProtectedImage(null)).result.current).toEqual({ src: null, failed: false });
    expect(apiBlob).not.toHaveBeenCalled();
  });

  it('says when the image could not be read, so initials show', async () => {
    apiBlob.mockRejectedValue(new Error('404'));
    const { result } = renderHook(() => useProtectedImage('/api/photos/gone'));
    await waitFor(() => expect(result.current).toEqual({ src: null, failed: true }));
  });
});
