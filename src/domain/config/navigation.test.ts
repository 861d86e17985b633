import { describe, expect, it } from 'vitest';
import {
  desktopServiceList,
  layoutForPath,
  MAIN_MENU,
  menuForSession,
  normalizePath,
  PHOTOS_HREF,
  serviceHref,
  telHref,
  whatsappHref,
} from './navigation.ts';

describe('main menu', () => {
  it('lists the SPEC.md §2 items in order', () => {
    expect(MAIN_MENU.map((i) => i.label)).toEqual([
      'Home',
      'Services',
      'Photos',
      'Blog',
      "FAQ's",
      'Contact',
      'About Us',
    ]);
    expect(MAIN_MENU.find((i) => i.id === 'photos')?.href).toBe(PHOTOS_HREF);
    expect(MAIN_MENU.find((i) => i.id === 'faq')?.href).toBe('/sevadocs-service-faqs');
    expect(MAIN_MENU.find((i) => i.id === 'blog')?.kind).toBe('blog');
  });

  it('leads Photos to the SevaPhotos landing page', () => {
    expect(PHOTOS_HREF).toBe('/photos');
  });

  it('shows Home as Dashboard when signed in', () => {
    expect(menuForSession(false)[0]).toMatchObject({ label: 'Home', href: '/' });
    expect(menuForSession(true)[0]).toMatchObject({ label: 'Dashboard', href: '/dashboard' });
    expect(menuForSession(true).slice(1)).toEqual(MAIN_MENU.slice(1));
  });
});

describe('services lists', () => {
  it('reverses the desktop dropdown without mutating the input', () => {
    const services = [{ name: 'A' }, { name: 'B' }, { name: 'C' }];
    expect(desktopServiceList(services).map((s) => s.name)).toEqual(['C', 'B', 'A']);
    expect(services.map((s) => s.name)).toEqual(['A', 'B', 'C']);
  });

  it('links a service to /{slug}', () => {
    expect(serviceHref('oci-card')).toBe('/oci-card');
  });
});

describe('layoutForPath', () => {
  it('shows everything on ordinary pages', () => {
    for (const path of ['/', '/oci-card', '/contact', '/photos']) {
      expect(layoutForPath(path)).toEqual({ header: true, tollFreeBanner: 'top', chatButton: true });
    }
  });

  it('hides header, chat button and banners on /refund-request', () => {
    expect(layoutForPath('/refund-request')).toEqual({ header: false, tollFreeBanner: 'none', chatButton: false });
    expect(layoutForPath('/refund-request/')).toEqual(layoutForPath('/refund-request'));
  });

  it('gives the visa campaign pages a fixed banner and no header', () => {
    for (const path of ['/visa-service', '/indian-tourist-visa']) {
      expect(layoutForPath(path)).toEqual({ header: false, tollFreeBanner: 'fixed', chatButton: true });
    }
  });

  it('hides the header on the campaign thank-you page', () => {
    expect(layoutForPath('/indiavisacampaign/thank-you').header).toBe(false);
    expect(layoutForPath('/indiavisacampaign/thank-you').chatButton).toBe(true);
  });

  it('shows the chat button everywhere except /refund-request', () => {
    const paths = ['/', '/visa-service', '/indian-tourist-visa', '/indiavisacampaign/thank-you', '/about-us'];
    for (const path of paths) expect(layoutForPath(path).chatButton).toBe(true);
    expect(layoutForPath('/refund-request').chatButton).toBe(false);
  });

  it('normalizes trailing slashes and case', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/Visa-Service//')).toBe('/visa-service');
  });
});

describe('contact links', () => {
  it('builds WhatsApp and tel links from display numbers', () => {
    expect(whatsappHref('18005550199')).toBe('https://wa.me/18005550199');
    expect(whatsappHref('+1 (800) 555-0199')).toBe('https://wa.me/18005550199');
    expect(telHref('1-800-555-0199')).toBe('tel:+18005550199');
    expect(telHref('+1 800 555 0199')).toBe('tel:+18005550199');
  });
});
