import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN, loginTarget } from './continue-url';

const here = {
  href: 'https://console.example.com/login?continue_url=x',
  host: 'console.example.com',
};

describe('loginTarget', () => {
  it('goes to the default page without a continue_url', () => {
    expect(loginTarget(null, here)).toBe(DEFAULT_AFTER_LOGIN);
    expect(loginTarget('', here)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it('follows a path on this console, keeping query and hash', () => {
    expect(loginTarget('/companies/4?tab=users#top', here)).toBe('/companies/4?tab=users#top');
  });

  it('follows an absolute URL whose host is this one', () => {
    expect(loginTarget('https://console.example.com/tags', here)).toBe('/tags');
  });

  it('refuses other hosts, look-alikes and protocol-relative URLs', () => {
    expect(loginTarget('https://evil.example.org/tags', here)).toBe(DEFAULT_AFTER_LOGIN);
    expect(loginTarget('https://console.example.com.evil.org/', here)).toBe(DEFAULT_AFTER_LOGIN);
    expect(loginTarget('//evil.example.org/x', here)).toBe(DEFAULT_AFTER_LOGIN);
    expect(loginTarget('https://console.example.com:8443/x', here)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it('refuses script URLs and the auth pages themselves', () => {
    expect(loginTarget('javascript:alert(1)', here)).toBe(DEFAULT_AFTER_LOGIN);
    expect(loginTarget('/logout', here)).toBe(DEFAULT_AFTER_LOGIN);
    expect(loginTarget('/login?continue_url=/tags', here)).toBe(DEFAULT_AFTER_LOGIN);
  });
});
