// Cookie consent (spec sections 3 and 9): a preferences-set cookie and a policy cookie, path /,
// kept for 1 day. Analytics (the tag manager) load only once the policy allows usage cookies, and
// only as an external script: the Content-Security-Policy forbids inline scripts.
import { useSyncExternalStore } from 'react';
import { loadUiConfiguration } from './ui-configuration';

export const PREFERENCES_SET_COOKIE = 'cookies_preferences_set';
export const POLICY_COOKIE = 'cookies_policy';
export const CONSENT_LIFETIME_DAYS = 1;
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

export interface CookiePolicy {
  essential: true;
  usage: boolean;
}

export interface CookieConsent {
  /** The user has made a choice (the banner is no longer needed). */
  preferencesSet: boolean;
  /** Analytics cookies are allowed. */
  usage: boolean;
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string, expires: Date): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}; path=/; SameSite=Lax${secure}`;
}

function readPolicy(): CookiePolicy | null {
  const raw = readCookie(POLICY_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<CookiePolicy>;
    return { essential: true, usage: parsed.usage === true };
  } catch {
    return null;
  }
}

let snapshot: CookieConsent | null = null;
const listeners = new Set<() => void>();

export function readConsent(): CookieConsent {
  const next = { preferencesSet: readCookie(PREFERENCES_SET_COOKIE) === 'true', usage: readPolicy()?.usage === true };
  // useSyncExternalStore needs the same object while nothing changed.
  if (!snapshot || snapshot.preferencesSet !== next.preferencesSet || snapshot.usage !== next.usage) snapshot = next;
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCookieConsent(): CookieConsent {
  return useSyncExternalStore(subscribe, readConsent, () => ({ preferencesSet: true, usage: false }));
}

/** False when the browser refuses cookies: consent cannot be stored, so its buttons are disabled. */
export function cookiesEnabled(): boolean {
  return typeof navigator === 'undefined' || navigator.cookieEnabled !== false;
}

// Analytics cookies set by the tag manager; removed when consent is withdrawn.
const ANALYTICS_COOKIE = /^(_ga|_gid|_gat)/;

function removeAnalyticsCookies(): void {
  const past = new Date(0);
  const domains = ['', window.location.hostname, `.${window.location.hostname.split('.').slice(-2).join('.')}`];
  for (const part of document.cookie.split(';')) {
    const name = part.trim().split('=')[0];
    if (!ANALYTICS_COOKIE.test(name)) continue;
    for (const domain of domains) {
      document.cookie = `${name}=; expires=${past.toUTCString()}; path=/${domain ? `; domain=${domain}` : ''}`;
    }
  }
}

/** Stores the user's choice for 1 day, then starts analytics when allowed. */
export function saveConsent(usage: boolean, now: Date = new Date()): void {
  const expires = new Date(now.getTime() + CONSENT_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
  writeCookie(PREFERENCES_SET_COOKIE, 'true', expires);
  writeCookie(POLICY_COOKIE, JSON.stringify({ essential: true, usage } satisfies CookiePolicy), expires);
  if (!usage) removeAnalyticsCookies();
  readConsent();
  for (const listener of listeners) listener();
  if (usage) void startAnalyticsIfConsented();
}

export function acceptAllCookies(): void {
  saveConsent(true);
}

/** Adds the tag manager as an external script, once. Returns whether a script was added. */
export function addTagManagerScript(containerId: string): boolean {
  if (!containerId || document.getElementById('app-tag-manager')) return false;
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'app-tag-manager';
  script.async = true;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;
  document.head.appendChild(script);
  return true;
}

async function fetchContainerId(): Promise<string> {
  return (await loadUiConfiguration())?.analytics?.gtmContainerId ?? '';
}

/** Loads the tag manager when the user allowed analytics and the service has a container id. */
export async function startAnalyticsIfConsented(
  loadContainerId: () => Promise<string> = fetchContainerId,
): Promise<boolean> {
  if (!readConsent().usage) return false;
  try {
    return addTagManagerScript(await loadContainerId());
  } catch {
    return false;
  }
}
