import { act, renderHook } from '@testing-library/react';
import {
  acceptAllCookies,
  addTagManagerScript,
  readConsent,
  saveConsent,
  startAnalyticsIfConsented,
  useCookieConsent,
} from './cookies';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.trim().split('=')[0];
    if (name) document.cookie = `${name}=; expires=${new Date(0).toUTCString()}; path=/`;
  }
}

beforeEach(() => {
  clearCookies();
  document.getElementById('app-tag-manager')?.remove();
});

describe('cookie consent', () => {
  it('has no choice stored at first', () => {
    expect(readConsent()).toEqual({ preferencesSet: false, usage: false });
  });

  it('accepting all writes the preferences-set cookie and the policy cookie, path /, for 1 day', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const spy = jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    const now = new Date('2099-05-01T10:00:00Z');
    saveConsent(true, now);
    spy.mockRestore();
    const expires = `expires=${new Date('2099-05-02T10:00:00Z').toUTCString()}`;
    expect(writes).toContain(`cookies_preferences_set=true; ${expires}; path=/; SameSite=Lax`);
    expect(writes).toContain(
      `cookies_policy=${encodeURIComponent('{"essential":true,"usage":true}')}; ${expires}; path=/; SameSite=Lax`,
    );
    expect(readConsent()).toEqual({ preferencesSet: true, usage: true });
  });

  it('updates components that read the consent', () => {
    const { result } = renderHook(() => useCookieConsent());
    expect(result.current.preferencesSet).toBe(false);
    act(() => acceptAllCookies());
    expect(result.current).toEqual({ preferencesSet: true, usage: true });
    act(() => saveConsent(false));
    expect(result.current).toEqual({ preferencesSet: true, usage: false });
  });

  it('removes analytics cookies when consent is withdrawn', () => {
    document.cookie = '_ga=GA1.1.123; path=/';
    saveConsent(false);
    expect(document.cookie).not.toContain('_ga=');
  });
});

describe('the tag manager', () => {
  it('is not loaded without consent, even with a container id', async () => {
    const load = jest.fn().mockResolvedValue('GTM-TEST');
    await expect(startAnalyticsIfConsented(load)).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(document.querySelector('script')).toBeNull();
  });

  it('is not loaded when the service has no container id', async () => {
    saveConsent(true);
    await expect(startAnalyticsIfConsented(async () => '')).resolves.toBe(false);
    expect(document.getElementById('app-tag-manager')).toBeNull();
  });

  it('after consent is added once, as an external script', async () => {
    saveConsent(true);
    await expect(startAnalyticsIfConsented(async () => 'GTM-TEST')).resolves.toBe(true);
    const script = document.getElementById('app-tag-manager') as HTMLScriptElement;
    expect(script.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST');
    expect(script.textContent).toBe('');
    expect(addTagManagerScript('GTM-TEST')).toBe(false);
    expect(document.querySelectorAll('#app-tag-manager')).toHaveLength(1);
  });
});
