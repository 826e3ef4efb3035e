import { describe, expect, it, vi } from 'vitest';
import { capSize, imageUrl, isServiceSource } from '../../core/images/protocol.ts';
import {
  buildResponsiveSrcSet,
  buildSrcSet,
  densitiesFor,
  naturalSize,
  placeholderSize,
  placeholderUrl,
} from './image-url.ts';

const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('imageUrl', () => {
  it('asks /img for webp by default, parameters in a fixed order', () => {
    expect(imageUrl({ src: '/social-card.png', width: 300, height: 150, fit: 'cover' })).toBe(
      '/img?src=%2Fsocial-card.png&w=300&h=150&fit=cover&f=webp',
    );
    expect(
      query(
        imageUrl({
          src: '/a.png',
          width: 10,
          format: 'png',
          quality: 70,
          background: '#ff8800',
          focus: 'top',
          blur: 3,
          version: 'v2',
        }),
      ),
    ).toEqual({ src: '/a.png', w: '10', f: 'png', q: '70', bg: 'ff8800', focus: 'top', blur: '3', v: 'v2' });
  });

  it('caps sizes at 2048 keeping the aspect ratio', () => {
    expect(capSize(4096, 1024)).toEqual({ width: 2048, height: 512 });
    expect(capSize(100, 50)).toEqual({ width: 100, height: 50 });
    expect(query(imageUrl({ src: '/a.png', width: 3000, height: 1500 }))).toMatchObject({
      w: '2048',
      h: '1024',
    });
  });

  it('tells service paths from URLs', () => {
    expect(isServiceSource('/social-card.png')).toBe(true);
    expect(isServiceSource('//evil.example/a.png')).toBe(false);
    expect(isServiceSource('https://example.com/a.png')).toBe(false);
  });
});

describe('srcset', () => {
  it('offers 1x and 2x', () => {
    const srcset = buildSrcSet({ src: '/social-card.png', width: 300, height: 158, fit: 'cover' });
    const entries = srcset.split(', ');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatch(/w=300&h=158.* 1x$/);
    expect(entries[1]).toMatch(/w=600&h=316.* 2x$/);
  });

  it('keeps the device pixel ratio between 1 and 2', () => {
    expect(densitiesFor()).toEqual([1, 2]);
    expect(densitiesFor(1)).toEqual([1]);
    expect(densitiesFor(1.5)).toEqual([1]);
    expect(densitiesFor(3)).toEqual([1, 2]);
    expect(densitiesFor(0)).toEqual([1]);
    expect(buildSrcSet({ src: '/a.png', width: 100 }, 1)).toBe('/img?src=%2Fa.png&w=100&f=webp 1x');
  });

  it('gives responsive images the breakpoint widths', () => {
    const widths = buildResponsiveSrcSet({ src: '/a.png' }, 2)
      .split(', ')
      .map((entry) => entry.split(' ')[1]);
    expect(widths).toEqual(['320w', '640w', '768w', '1024w', '1280w', '1536w', '2048w']);
    expect(buildResponsiveSrcSet({ src: '/a.png' }, 2).split(', ')[0]).toContain('w=320&h=160');
  });
});

describe('placeholders', () => {
  it('previews at 10 × 10, quality 50, blur 3, with the aspect ratio', () => {
    expect(placeholderSize()).toEqual({ width: 10, height: 10 });
    expect(placeholderSize(2)).toEqual({ width: 10, height: 5 });
    expect(placeholderSize(0.5)).toEqual({ width: 5, height: 10 });
    const url = placeholderUrl({ src: '/a.png', width: 400, height: 400, fit: 'cover' }, 'preview', 1);
    expect(query(url as string)).toEqual({
      src: '/a.png',
      w: '10',
      h: '10',
      fit: 'cover',
      f: 'webp',
      q: '50',
      blur: '3',
    });
  });

  it('asks for one pixel of the main or mean colour, or nothing', () => {
    expect(query(placeholderUrl({ src: '/a.png' }, 'maincolor') as string)).toEqual({
      src: '/a.png',
      f: 'webp',
      color: 'main',
    });
    expect(query(placeholderUrl({ src: '/a.png' }, 'meancolor') as string)).toMatchObject({ color: 'mean' });
    expect(placeholderUrl({ src: '/a.png' }, 'none')).toBeNull();
  });
});

describe('naturalSize', () => {
  it('reads the size of a loaded image', () => {
    const warn = vi.fn();
    expect(naturalSize({ naturalWidth: 1200, naturalHeight: 630 }, warn)).toEqual({
      width: 1200,
      height: 630,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs and takes 0 when the size cannot be read', () => {
    const warn = vi.fn();
    expect(naturalSize({ naturalWidth: undefined, naturalHeight: 10, src: '/a.svg' }, warn)).toEqual({
      width: 0,
      height: 0,
    });
    expect(naturalSize({ naturalWidth: 0, naturalHeight: 0 }, warn)).toEqual({ width: 0, height: 0 });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[1]).toBe('/a.svg');
  });
});
