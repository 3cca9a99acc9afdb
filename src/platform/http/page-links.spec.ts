import { describe, expect, it } from '@jest/globals';
import { pageLinks } from './page-links';

const links = (url: string, total: number) =>
  Object.fromEntries(
    (pageLinks({ url }, total) ?? '')
      .split(', <')
      .filter(Boolean)
      .map((part) => {
        const [, href, rel] = /^<?([^>]*)>; rel="(\w+)"$/.exec(part)!;
        return [rel, href];
      }),
  );

describe('Link headers of a page (RFC 8288)', () => {
  it('links the first page to the next and the last, keeping the other parameters', () => {
    expect(links('/l?Take=10&tags=a&tags=b', 25)).toEqual({
      first: '/l?Take=10&tags=a&tags=b&Skip=0',
      next: '/l?Take=10&tags=a&tags=b&Skip=10',
      last: '/l?Take=10&tags=a&tags=b&Skip=20',
    });
  });

  it('keeps the grid of an offset that is not a multiple of the page size', () => {
    expect(links('/l?take=10&skip=5', 30)).toEqual({
      first: '/l?take=10&skip=0',
      prev: '/l?take=10&skip=0',
      next: '/l?take=10&skip=15',
      last: '/l?take=10&skip=25',
    });
  });

  it('points prev to the last page from beyond the end, and has no next there', () => {
    expect(links('/l?Take=10&Skip=50', 25)).toEqual({
      first: '/l?Take=10&Skip=0',
      prev: '/l?Take=10&Skip=20',
      last: '/l?Take=10&Skip=20',
    });
  });

  it('uses the default page size of 100, and gives no links for Take=0', () => {
    expect(links('/l', 0)).toEqual({ first: '/l?Skip=0', last: '/l?Skip=0' });
    expect(links('/l?Skip=100', 250).next).toBe('/l?Skip=200');
    expect(pageLinks({ url: '/l?Take=0' }, 5)).toBeUndefined();
  });
});
